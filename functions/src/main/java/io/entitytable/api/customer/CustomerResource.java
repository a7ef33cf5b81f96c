package io.entitytable.api.customer;

import io.entitytable.api.order.OrderRequests;
import io.entitytable.api.order.OrderService;
import io.entitytable.api.paging.Page;
import io.entitytable.api.subject.Inputs;
import io.entitytable.api.subject.Responses;
import io.entitytable.api.subject.Subjects;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import io.entitytable.model.Order;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

@Path("/")
@Tag(name = "Customers")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class CustomerResource {
    private final CustomerService customers;
    private final OrderService orders;
    private final Subjects subjects;

    public CustomerResource(CustomerService customers, OrderService orders, Subjects subjects) {
        this.customers = customers;
        this.orders = orders;
        this.subjects = subjects;
    }

    @POST
    @Path("businesses/{id}/customers")
    @Operation(summary = "Create a customer of a business")
    public RestResponse<Customer> create(
            @PathParam("id") String businessId, @NotNull @Valid CustomerRequests.CreateCustomer request) {
        return Responses.created(customers.create(businessId, request));
    }

    @GET
    @Path("businesses/{id}/customers")
    @Operation(summary = "Customers of a business by name, case-insensitive prefix search (pattern 3)")
    public Page<Customer> byName(
            @PathParam("id") String businessId,
            @QueryParam("namePrefix") String namePrefix,
            @QueryParam("limit") String limit,
            @QueryParam("next") String next) {
        return customers.byName(businessId, namePrefix, limit, next);
    }

    @GET
    @Path("customers/{id}")
    @Operation(summary = "A customer by id (pattern 6)")
    public RestResponse<Customer> get(@PathParam("id") String id) {
        return Responses.ok(customers.get(id));
    }

    @PATCH
    @Path("customers/{id}")
    @Operation(summary = "Change a customer; a new name is a key change done in one transaction")
    public RestResponse<Customer> patch(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @NotNull @Valid CustomerRequests.PatchCustomer patch) {
        return Responses.ok(customers.patch(id, Inputs.ifMatch(ifMatch), patch));
    }

    @DELETE
    @Path("customers/{id}")
    @Operation(summary = "Delete a customer")
    public RestResponse<Void> delete(@PathParam("id") String id, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        customers.delete(id, Inputs.ifMatch(ifMatch));
        return RestResponse.noContent();
    }

    @GET
    @Path("customers/{id}/orders")
    @Operation(summary = "A customer's orders, newest first (pattern 7)")
    public Page<Order> orders(
            @PathParam("id") String id, @QueryParam("limit") String limit, @QueryParam("next") String next) {
        return customers.orders(id, limit, next);
    }

    @POST
    @Path("customers/{id}/orders")
    @Operation(summary = "Place an order for a customer, with its lines")
    public RestResponse<Order> placeOrder(
            @PathParam("id") String id, @NotNull @Valid OrderRequests.CreateOrder request) {
        return Responses.created(orders.create(id, request));
    }

    @PUT
    @Path("customers/{id}/stores/{storeId}")
    @Operation(summary = "Link a store of the same business to the customer")
    public RestResponse<Void> link(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.link(id, storeId));
    }

    @DELETE
    @Path("customers/{id}/stores/{storeId}")
    @Operation(summary = "Unlink a store from the customer")
    public RestResponse<Void> unlink(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.unlink(id, storeId));
    }

    @PUT
    @Path("customers/{id}/tags/{tag}")
    @Operation(summary = "Tag a customer")
    public RestResponse<Void> tag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.CUSTOMER, id, tag, true));
    }

    @DELETE
    @Path("customers/{id}/tags/{tag}")
    @Operation(summary = "Untag a customer")
    public RestResponse<Void> untag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.CUSTOMER, id, tag, false));
    }
}
