package io.entitytable.api.customer;

import io.entitytable.api.order.OrderRequests;
import io.entitytable.api.order.OrderService;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.response.OrderResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

@Path("/")
@Tag(name = "Customers")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class CustomerResource {
    @Inject
    CustomerService customers;

    @Inject
    OrderService orders;

    @Inject
    CustomerByIdResource byId;

    @POST
    @Path("businesses/{id}/customers")
    public RestResponse<CustomerResponse> create(
            @PathParam("id") String businessId, @NotNull @Valid CustomerRequests.CreateCustomer request) {
        return Responses.created(CustomerResponse.from(customers.create(businessId, request)));
    }

    @GET
    @Path("businesses/{id}/customers")
    public Page<CustomerResponse> byName(
            @PathParam("id") String businessId,
            @QueryParam("namePrefix") String namePrefix,
            @BeanParam PageParams page) {
        return Responses.page(
                customers.byName(businessId, namePrefix, page.limit(), page.next()), CustomerResponse::from);
    }

    @Path("customers/{id}")
    public CustomerByIdResource byId() {
        return byId;
    }

    @GET
    @Path("customers/{id}/orders")
    public Page<OrderResponse> orders(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.page(customers.orders(id, page.limit(), page.next()), OrderResponse::from);
    }

    @POST
    @Path("customers/{id}/orders")
    public RestResponse<OrderResponse> placeOrder(
            @PathParam("id") String id, @NotNull @Valid OrderRequests.CreateOrder request) {
        return Responses.created(OrderResponse.from(orders.create(id, request)));
    }

    @PUT
    @Path("customers/{id}/stores/{storeId}")
    public RestResponse<Void> link(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.link(id, storeId));
    }

    @DELETE
    @Path("customers/{id}/stores/{storeId}")
    public RestResponse<Void> unlink(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.unlink(id, storeId));
    }
}
