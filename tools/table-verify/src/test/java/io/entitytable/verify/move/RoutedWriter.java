package io.entitytable.verify.move;

import io.entitytable.model.ItemKey;
import io.entitytable.model.move.BusinessRoute;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Writes of one business as a writer must make them while the table moves: to the table the business's route names,
 * in one transaction with the check of that route ({@link BusinessRoute#writeCheck}); when the check fails, the route
 * is read again and, while the business is fenced, the write waits, for up to {@link #HOLD} (then it is refused, as
 * the API answers 503 with {@code Retry-After: 1}). Items are given in the home table's layout and converted for the
 * target.
 */
final class RoutedWriter {
    static final Duration HOLD = Duration.ofSeconds(1);
    private static final Duration POLL = Duration.ofMillis(10);

    private final DynamoDbClient dynamo;
    private final String home;
    private final LayoutChange change;

    RoutedWriter(DynamoDbClient dynamo, String home, LayoutChange change) {
        this.dynamo = dynamo;
        this.home = home;
        this.change = change;
    }

    /** A put or a delete of an item, in the home layout. */
    record Write(Map<String, AttributeValue> item, boolean delete) {}

    /** How a write ended: written or refused, and how long it was held by a fence (zero if it met none). */
    record Outcome(boolean written, Duration held) {}

    Outcome write(String business, List<Write> writes) throws InterruptedException {
        Long heldSince = null;
        while (true) {
            Optional<BusinessRoute> route = route(business);
            if (route.isPresent() && route.get().fenced()) {
                long now = System.nanoTime();
                heldSince = heldSince == null ? now : heldSince;
                if (now - heldSince > HOLD.toNanos()) {
                    return new Outcome(false, Duration.ofNanos(now - heldSince));
                }
                Thread.sleep(POLL.toMillis());
                continue;
            }
            String table = BusinessRoute.servingTable(route, home);
            List<TransactWriteItem> actions = new ArrayList<>();
            for (Write write : writes) {
                actions.add(action(table, write));
            }
            actions.add(BusinessRoute.writeCheck(home, table, business));
            try {
                dynamo.transactWriteItems(request -> request.transactItems(actions));
                return new Outcome(
                        true, heldSince == null ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - heldSince));
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.cancellationReasons();
                boolean routeChanged = reasons.size() == actions.size()
                        && "ConditionalCheckFailed"
                                .equals(reasons.get(reasons.size() - 1).code());
                if (routeChanged) {
                    heldSince = heldSince == null ? System.nanoTime() : heldSince;
                }
                // A route that changed is read again; a conflict with another transaction is tried again.
                Thread.sleep(POLL.toMillis());
            }
        }
    }

    private TransactWriteItem action(String table, Write write) {
        Map<String, AttributeValue> item = table.equals(home) ? write.item() : change.toTarget(write.item());
        if (write.delete()) {
            return TransactWriteItem.builder()
                    .delete(Delete.builder()
                            .tableName(table)
                            .key(ItemKey.of(item).toAttributes())
                            .build())
                    .build();
        }
        return TransactWriteItem.builder()
                .put(Put.builder().tableName(table).item(item).build())
                .build();
    }

    private Optional<BusinessRoute> route(String business) {
        return BusinessRoute.read(dynamo, home, business);
    }
}
