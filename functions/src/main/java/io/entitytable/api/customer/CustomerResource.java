package io.entitytable.api.customer;

import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The customers' routes: each path binds to the resource that serves it. */
@Path("/")
@Tag(name = "Customers")
public class CustomerResource {
    @Inject
    BusinessCustomersResource ofBusiness;

    @Inject
    CustomerByIdResource byId;

    @Inject
    CustomerOrdersResource orders;

    @Path("businesses/{id}/customers")
    public BusinessCustomersResource ofBusiness() {
        return ofBusiness;
    }

    @Path("customers/{id}")
    public CustomerByIdResource byId() {
        return byId;
    }

    @Path("customers/{id}/orders")
    public CustomerOrdersResource orders() {
        return orders;
    }
}
