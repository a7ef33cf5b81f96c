package io.entitytable.api.order;

import io.entitytable.api.order.OrderRequests.PatchOrder;
import io.entitytable.api.response.OrderResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /orders/{id}}: an order with its lines in one Query (pattern 8), or from the archive once it moved there, a
 * change of its status or payment card, its deletion with its lines, its tags.
 */
@Singleton
@Path("orders/{id}")
@Tag(name = "Orders")
public class OrderByIdResource extends RemovableSubjectResource<OrderRead, OrderResponse, PatchOrder> {
    OrderByIdResource(OrderService orders, TagService tags) {
        super(
                Entity.ORDER,
                orders::read,
                (id, ifMatch, patch) -> OrderRead.live(orders.patch(id, ifMatch, patch)),
                orders::delete,
                OrderRead::response,
                tags);
    }
}
