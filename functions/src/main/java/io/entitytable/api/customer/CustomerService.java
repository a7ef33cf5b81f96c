package io.entitytable.api.customer;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.AddressInput;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.LinkChange;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Attributes;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Customers: access patterns 3, 6 and 14 (a Query {@code id = C, begins_with(type, customer#)} by {@link #get}), and the
 * customer -> store links that the fan-out turns into edges.
 */
@Singleton
public class CustomerService extends SubjectService<Customer> {
    /**
     * A customer manages at most this many stores: deleting a customer uncounts it on every store it links in the same
     * transaction as the delete, its tombstone and the count on its business, and 97 stores + 3 = DynamoDB's 100
     * actions per transaction.
     */
    public static final int MAX_STORES = 97;

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
     * Deletes the customer, uncounting it on its business and on every store it links, in one transaction. A customer
     * that lists more than {@link #MAX_STORES} stores (data written under a higher limit, which a table may still
     * hold) would not fit in one: it is a 409 until enough are unlinked.
     */
    public void delete(String id, Long ifMatch) {
        delete(id, ifMatch, current -> {
            Set<String> storeIds = Customer.from(current).storeIds();
            if (storeIds.size() > MAX_STORES) {
                throw ApiProblem.conflict("customer " + id + " lists " + storeIds.size() + " stores; unlink "
                        + (storeIds.size() - MAX_STORES) + " of them before deleting it (at most " + MAX_STORES
                        + " are uncounted in the delete's one transaction)");
            }
            return Deletion.of(current)
                    .uncountingOnBusiness(Values.string(current, Attributes.BUSINESS_ID))
                    .uncountingOnStores(storeKeys(storeIds))
                    .build();
        });
    }

    /**
     * The current keys of the stores (a store's sort key carries its name, so it is read: one Query each). A store
     * that does not exist is left out: only data written before stores counted their links can name one.
     */
    private List<ItemKey> storeKeys(Set<String> storeIds) {
        return storeIds.stream()
                .map(storeId -> table.findCore(Entity.STORE, storeId))
                .flatMap(Optional::stream)
                .map(ItemKey::of)
                .toList();
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

    /**
     * Adds a store to the customer's {@code storeIds}. The store must exist and belong to the customer's business; the
     * same transaction counts the link on the store's {@code linkCount} on condition that the store is still there, so
     * a store deleted in the meantime cannot be linked, and a store cannot be deleted while a customer lists it.
     */
    public Customer link(String customerId, String storeId) {
        Inputs.id("storeId", storeId);
        return withCurrent(customerId, null, current -> {
            Customer customer = Customer.from(current);
            if (customer.storeIds().contains(storeId)) {
                return customer;
            }
            if (customer.storeIds().size() >= MAX_STORES) {
                throw ApiProblem.invalid("storeIds", "a customer manages at most " + MAX_STORES + " stores");
            }
            Map<String, AttributeValue> store =
                    table.findCore(Entity.STORE, storeId).orElseThrow(() -> ApiProblem.notFound("store", storeId));
            optimistic.access().requireItem(Entity.STORE, storeId, store);
            if (!customer.businessId().equals(Values.string(store, Attributes.BUSINESS_ID))) {
                throw ApiProblem.invalid("storeId", "store " + storeId + " belongs to another business");
            }
            Set<String> storeIds = new TreeSet<>(customer.storeIds());
            storeIds.add(storeId);
            Customer next = customer.withStoreIds(storeIds).withVersion(customer.version() + 1, optimistic.now());
            writes.replaceCountingLink(
                    current, next.toItem(), LinkChange.linking(ItemKey.of(store), customer.businessId()));
            return next;
        });
    }

    /** Removes a store from the customer's {@code storeIds} and uncounts the link on the store; idempotent. */
    public Customer unlink(String customerId, String storeId) {
        Inputs.id("storeId", storeId);
        return withCurrent(customerId, null, current -> {
            Customer customer = Customer.from(current);
            if (!customer.storeIds().contains(storeId)) {
                return customer;
            }
            Set<String> storeIds = new TreeSet<>(customer.storeIds());
            storeIds.remove(storeId);
            Customer next = customer.withStoreIds(storeIds).withVersion(customer.version() + 1, optimistic.now());
            Optional<Map<String, AttributeValue>> store = table.findCore(Entity.STORE, storeId);
            if (store.isPresent()) {
                writes.replaceCountingLink(current, next.toItem(), LinkChange.unlinking(ItemKey.of(store.get())));
            } else {
                // Only data from before stores counted their links can name a store that is gone: nothing to uncount.
                writes.replace(current, next.toItem());
            }
            return next;
        });
    }
}
