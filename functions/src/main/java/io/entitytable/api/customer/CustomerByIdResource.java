package io.entitytable.api.customer;

import io.entitytable.api.customer.CustomerRequests.PatchCustomer;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;

/**
 * {@code /customers/{id}}: a customer by id (pattern 6), its changes (a new name is a key change done in one
 * transaction), its deletion, its tags.
 */
@Singleton
public class CustomerByIdResource extends RemovableSubjectResource<Customer, CustomerResponse, PatchCustomer> {
    CustomerByIdResource(CustomerService customers, TagService tags) {
        super(Entity.CUSTOMER, customers::get, customers::patch, customers::delete, CustomerResponse::from, tags);
    }
}
