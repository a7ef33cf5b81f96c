package io.entitytable.api.order;

import io.entitytable.api.paging.Page;
import io.entitytable.api.response.OrderResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /orders}: orders in one status over a date range, across every business (pattern 9). */
@Path("orders")
@Tag(name = "Orders")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OrderResource {
    @Inject
    OrderService orders;

    @GET
    public Page<OrderResponse> byStatus(@BeanParam StatusRange range, @BeanParam PageParams page) {
        return Responses.page(orders.byStatus(range, page.limit(), page.next()), OrderResponse::from);
    }
}
