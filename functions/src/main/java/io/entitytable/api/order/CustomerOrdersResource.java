package io.entitytable.api.order;

import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.order.OrderRequests.CreateOrder;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.OrderResponse;
import io.entitytable.api.web.ChildCollectionResource;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Order;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /customers/{id}/orders}: an order placed by the customer, and its orders, newest first (pattern 7). */
@Singleton
@Path("customers/{id}/orders")
@Tag(name = "Customers")
public class CustomerOrdersResource extends ChildCollectionResource<CreateOrder, Order, OrderResponse> {
    private final OrderService orders;

    CustomerOrdersResource(OrderService orders, IdempotentRequests idempotent) {
        super(idempotent, orders::create, OrderResponse::from);
        this.orders = orders;
    }

    @GET
    public Page<OrderResponse> orders(@PathParam("id") String customerId, @BeanParam PageParams page) {
        return Responses.pageOf(customerId, page, orders::ofCustomer, OrderRead::response);
    }
}
