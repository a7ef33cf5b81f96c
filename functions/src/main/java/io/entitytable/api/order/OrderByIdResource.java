package io.entitytable.api.order;

import io.entitytable.api.order.OrderRequests.PatchOrder;
import io.entitytable.api.response.OrderResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.model.Entity;
import io.entitytable.model.Order;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /orders/{id}}: an order with its lines in one Query (pattern 8), a change of its status or payment card, its
 * deletion with its lines, its tags.
 */
@Singleton
@Path("orders/{id}")
@Tag(name = "Orders")
public class OrderByIdResource extends RemovableSubjectResource<Order, OrderResponse, PatchOrder> {
    OrderByIdResource(OrderService orders, TagService tags) {
        super(Entity.ORDER, orders::get, orders::patch, orders::delete, OrderResponse::from, tags);
    }
}
