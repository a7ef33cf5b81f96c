package io.entitytable.api.order;

import io.entitytable.api.paging.Page;
import io.entitytable.api.subject.Inputs;
import io.entitytable.api.subject.Responses;
import io.entitytable.api.subject.Subjects;
import io.entitytable.model.Entity;
import io.entitytable.model.Order;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
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
@Tag(name = "Orders")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OrderResource {
    private final OrderService orders;
    private final Subjects subjects;

    public OrderResource(OrderService orders, Subjects subjects) {
        this.orders = orders;
        this.subjects = subjects;
    }

    @GET
    @Path("businesses/{id}/orders")
    @Operation(summary = "Orders of a business, newest first, by date range and filters (pattern 4)")
    public Page<Order> ofBusiness(
            @PathParam("id") String businessId,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("status") String status,
            @QueryParam("city") String city,
            @QueryParam("paymentCard") String paymentCard,
            @QueryParam("minTotalCents") String minTotalCents,
            @QueryParam("limit") String limit,
            @QueryParam("next") String next) {
        return orders.ofBusiness(
                businessId, new OrderFilters(from, to, status, city, paymentCard, minTotalCents), limit, next);
    }

    @GET
    @Path("orders")
    @Operation(summary = "Orders in a status over a date range across businesses (pattern 9, write-sharded)")
    public Page<Order> byStatus(
            @QueryParam("status") String status,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("limit") String limit,
            @QueryParam("next") String next) {
        return orders.byStatus(status, from, to, limit, next);
    }

    @GET
    @Path("orders/{id}")
    @Operation(summary = "An order with its lines, one Query (pattern 8)")
    public RestResponse<Order> get(@PathParam("id") String id) {
        return Responses.ok(orders.get(id));
    }

    @PATCH
    @Path("orders/{id}")
    @Operation(summary = "Change an order's status or payment card")
    public RestResponse<Order> patch(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @NotNull @Valid OrderRequests.PatchOrder patch) {
        return Responses.ok(orders.patch(id, Inputs.ifMatch(ifMatch), patch));
    }

    @DELETE
    @Path("orders/{id}")
    @Operation(summary = "Delete an order with its lines")
    public RestResponse<Void> delete(@PathParam("id") String id, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        orders.delete(id, Inputs.ifMatch(ifMatch));
        return RestResponse.noContent();
    }

    @PUT
    @Path("orders/{id}/tags/{tag}")
    @Operation(summary = "Tag an order")
    public RestResponse<Void> tag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.ORDER, id, tag, true));
    }

    @DELETE
    @Path("orders/{id}/tags/{tag}")
    @Operation(summary = "Untag an order")
    public RestResponse<Void> untag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.ORDER, id, tag, false));
    }
}
