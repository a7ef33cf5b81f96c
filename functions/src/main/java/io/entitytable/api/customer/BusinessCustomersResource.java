package io.entitytable.api.customer;

import io.entitytable.api.customer.CustomerRequests.CreateCustomer;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.web.ChildCollectionResource;
import io.entitytable.api.web.PageParams;
import io.entitytable.model.Customer;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /businesses/{id}/customers}: a new customer of the business, and its customers by name (pattern 3) or, with
 * {@code email}, by email (pattern 14).
 */
@Singleton
@Path("businesses/{id}/customers")
@Tag(name = "Customers")
public class BusinessCustomersResource extends ChildCollectionResource<CreateCustomer, Customer, CustomerResponse> {
    private final CustomerService customers;

    BusinessCustomersResource(CustomerService customers, IdempotentRequests idempotent) {
        super(idempotent, customers::create, CustomerResponse::from);
        this.customers = customers;
    }

    @GET
    public Page<CustomerResponse> byName(
            @PathParam("id") String businessId,
            @QueryParam("namePrefix") String namePrefix,
            @QueryParam("email") String email,
            @BeanParam PageParams page) {
        String byEmail = CustomerRequests.email(email, namePrefix);
        if (byEmail != null) {
            return list(businessId, page, (id, request) -> customers.byEmail(id, byEmail, request));
        }
        return list(
                businessId,
                page,
                (id, request) -> customers.byName(id, CustomerRequests.namePrefix(namePrefix), request));
    }
}
