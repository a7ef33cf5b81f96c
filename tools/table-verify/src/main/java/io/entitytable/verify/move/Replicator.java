package io.entitytable.verify.move;

import io.entitytable.model.ItemKey;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.move.ItemOwner;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Applies one direction's stream records to the other table, converted to its layout: a write puts the new image, a
 * delete deletes the old image's key. Only the records of businesses this direction carries now ({@link Direction}):
 * the other direction's echoes are left alone, and since each item's records come in the order of its writes, the
 * last one applied is the item's latest state, whatever was written before it.
 *
 * <p>It remembers, per business, the items it wrote since the business was last found equal in both tables: what a
 * cut-over compares again while the business is fenced, rather than all of it.
 */
final class Replicator implements Consumer<Record> {
    private static final Backoff BACKOFF = new Backoff(10, Duration.ofMillis(50), Duration.ofSeconds(2), () -> {});

    private final MoveTables tables;
    private final Direction direction;
    private final RouteBook routes;
    private final ItemOwner owner;
    private final Map<String, Set<MovedItem>> written = new ConcurrentHashMap<>();
    private final AtomicLong applied = new AtomicLong();

    /** @param owner the business of an item of the table this direction carries from */
    Replicator(MoveTables tables, Direction direction, RouteBook routes, ItemOwner owner) {
        this.tables = tables;
        this.direction = direction;
        this.routes = routes;
        this.owner = owner;
    }

    @Override
    public void accept(Record record) {
        boolean removed = record.eventName() == OperationType.REMOVE;
        Map<String, AttributeValue> image =
                removed ? record.dynamodb().oldImage() : record.dynamodb().newImage();
        if (!MovedItem.isMoved(image)) {
            return;
        }
        Optional<String> business = owner.businessOf(image);
        boolean carried = MovedItem.isKeptByHome(image)
                ? direction.carriesKeptByHome()
                : business.isPresent()
                        ? direction.carries(routes.route(business.get()))
                        : direction.carriesTableItems();
        if (!carried) {
            return;
        }
        Map<String, AttributeValue> converted = direction.convert(tables.change(), image);
        ItemKey key = ItemKey.of(converted);
        String to = tables.to(direction);
        if (removed) {
            BACKOFF.call(() ->
                    tables.dynamo().deleteItem(request -> request.tableName(to).key(key.toAttributes())));
        } else {
            BACKOFF.call(() ->
                    tables.dynamo().putItem(request -> request.tableName(to).item(converted)));
        }
        applied.incrementAndGet();
        business.ifPresent(b -> written.computeIfAbsent(b, any -> ConcurrentHashMap.newKeySet())
                .add(
                        direction == Direction.FORWARD
                                ? new MovedItem(ItemKey.of(image), key)
                                : new MovedItem(key, ItemKey.of(image))));
    }

    /** The items of {@code business} written since it was last found equal, which are forgotten. */
    Set<MovedItem> takeWritten(String business) {
        Set<MovedItem> items = written.remove(business);
        return items == null ? Set.of() : items;
    }

    /** Puts back what {@link #takeWritten} gave, when the cut-over that took it gave up. */
    void remember(String business, Set<MovedItem> items) {
        written.computeIfAbsent(business, any -> ConcurrentHashMap.newKeySet()).addAll(items);
    }

    /** Forgets what was written of every business: the tables were just compared whole. */
    void forgetWritten() {
        written.clear();
    }

    long applied() {
        return applied.get();
    }
}
