package io.entitytable.api.order;

import io.entitytable.api.response.OrderResponse;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Order;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An order as a read found it: in the table, or in the archive, where a finished order goes after its business's
 * retention (docs/design.md, "Lifecycle"). The response says which, since an archived order no longer changes.
 */
public record OrderRead(Order order, boolean archived) implements CoreItem {
    public static OrderRead live(Order order) {
        return new OrderRead(order, false);
    }

    public static OrderRead fromArchive(Order order) {
        return new OrderRead(order, true);
    }

    public OrderResponse response() {
        return OrderResponse.from(order, archived);
    }

    @Override
    public String id() {
        return order.id();
    }

    @Override
    public CoreFields common() {
        return order.common();
    }

    @Override
    public Entity entity() {
        return order.entity();
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        return order.toItem();
    }

    @Override
    public OrderRead withTags(Set<String> tags) {
        return new OrderRead(order.withTags(tags), archived);
    }

    @Override
    public OrderRead withVersion(long version, Instant updatedAt) {
        return new OrderRead(order.withVersion(version, updatedAt), archived);
    }
}
