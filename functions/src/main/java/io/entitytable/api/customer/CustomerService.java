package io.entitytable.api.customer;

import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.AddressInput;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Attributes;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * Customers: access patterns 3, 6 and 14 (a Query {@code id = C, begins_with(type, customer#)} by {@link #get}), and the
 * customer -> store links that the fan-out turns into edges.
 */
@Singleton
public class CustomerService extends SubjectService<Customer> {
    public CustomerService(SubjectDependencies dependencies) {
        super(Entity.CUSTOMER, dependencies);
    }

    public Customer create(
            String businessId, CustomerRequests.CreateCustomer request, AnswerRecorder<? super Customer> recorder) {
        return createUnder(
                businessId,
                request.tags(),
                (id, created, shard) -> new Customer(
                        id,
                        businessId,
                        request.firstName().trim(),
                        request.lastName().trim(),
                        request.email(),
                        AddressInput.toAddresses(request.mailingAddresses()),
                        Set.of(),
                        created,
                        shard),
                recorder);
    }

    /** A change of first or last name changes the key: CoreWrites turns it into one Delete + Put transaction. */
    public Customer patch(String id, Long ifMatch, CustomerRequests.PatchCustomer patch) {
        return modify(id, ifMatch, patch::applyTo);
    }

    /**
     * Deletes the customer, uncounting it on its business and on every store it links, in one transaction (a 409 for
     * one that links more than {@link #MAX_LINKS}: see {@link #linkedTargets}).
     */
    public void delete(String id, Long ifMatch) {
        delete(id, ifMatch, current -> Deletion.of(current)
                .uncountingOnBusiness(Values.string(current, Attributes.BUSINESS_ID))
                .uncountingOnTargets(linkedTargets(current))
                .build());
    }

    /**
     * Pattern 3: one Query of businessGsi per shard of the business, begins_with(type, customer#<prefix>), merged:
     * customers sorted by last then first name, the prefix matched case-insensitively because the key is lower-cased.
     */
    public Page<Customer> byName(String businessId, String namePrefix, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        String sortKeyPrefix = Keys.customerNamePrefix(namePrefix);
        return queries.businessShards(
                AccessPattern.CUSTOMERS_BY_NAME,
                businessId,
                shard -> AccessPattern.CUSTOMERS_BY_NAME.query(shard, sortKeyPrefix),
                page,
                Customer::from);
    }

    /**
     * Pattern 14: one Query of gsi1 {@code gsi1pk = CUSTOMEREMAIL#<B>#<email>} per page, the email lower-cased as the
     * customer's item keys it, so any letter case finds it. Answered only once the pattern's backfill is ready.
     */
    public Page<Customer> byEmail(String businessId, String email, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        return queries.list(
                AccessPattern.CUSTOMERS_BY_EMAIL,
                AccessPattern.CUSTOMERS_BY_EMAIL.query(Keys.customerEmailPk(businessId, email)),
                page,
                Customer::from);
    }

    /** Adds a store to the customer's {@code storeIds}, counted on the store ({@link #link}). */
    public Customer link(String customerId, String storeId) {
        return link(customerId, storeId, Customer::withStoreIds);
    }

    /** Removes a store from the customer's {@code storeIds} and uncounts the link on the store; idempotent. */
    public Customer unlink(String customerId, String storeId) {
        return unlink(customerId, storeId, Customer::withStoreIds);
    }
}
