package io.entitytable.api.customer;

import io.entitytable.api.customer.CustomerRequests.PatchCustomer;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /customers/{id}}: a customer by id (pattern 6), its changes (a new name is a key change done in one
 * transaction), its deletion, its tags, and its links to the stores it manages, which the fan-out turns into edges.
 */
@Singleton
public class CustomerByIdResource extends RemovableSubjectResource<Customer, CustomerResponse, PatchCustomer> {
    private final CustomerService customers;

    CustomerByIdResource(CustomerService customers, TagService tags) {
        super(Entity.CUSTOMER, customers::get, customers::patch, customers::delete, CustomerResponse::from, tags);
        this.customers = customers;
    }

    @PUT
    @Path("stores/{storeId}")
    public RestResponse<Void> link(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.link(id, storeId));
    }

    @DELETE
    @Path("stores/{storeId}")
    public RestResponse<Void> unlink(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.unlink(id, storeId));
    }
}
