package io.entitytable.model.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.StoredValue;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Which table serves one business while the table moves to a new one online: the business's route item ({@code id =
 * <businessId>}, {@code type = route}, kind {@code route}) in the <em>home</em> table, the one the API is configured
 * with. Without the item the home table serves the business. The item exists only for the length of a move, so a
 * business that is not moving costs nothing.
 *
 * <p>One item, in one table, for both directions: every write of a business during a move carries a condition check
 * on it (a transaction may span tables), so the move fences a business with a single conditional write, whichever
 * table serves it. A write that was decided before the fence fails its check rather than landing in a table that no
 * longer serves the business; its writer reads the route again and waits.
 *
 * @param businessId the business
 * @param state where the business is in its cut-over
 * @param target the table the move goes to
 */
public record BusinessRoute(String businessId, State state, String target) {

    /** A business's state in a move; the absence of a route item means the home table serves it. */
    public enum State implements StoredValue {
        /** Cutting over to the target: no table takes the business's writes until the move decides. */
        FENCED_HOME,
        /** The target serves the business; the home table follows it, for a way back. */
        MOVED,
        /** Cutting back to the home table: no table takes the business's writes until the move decides. */
        FENCED_TARGET;

        public static State fromValue(String value) {
            return StoredValue.fromValue(State.class, value);
        }
    }

    public static ItemKey keyOf(String businessId) {
        return new ItemKey(businessId, Keys.ROUTE_TYPE);
    }

    /** The route of {@code businessId} in {@code homeTable}, read strongly consistently; empty: the home table serves it. */
    public static Optional<BusinessRoute> read(DynamoDbClient dynamo, String homeTable, String businessId) {
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(homeTable)
                        .key(keyOf(businessId).toAttributes())
                        .consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(from(item));
    }

    /** The route stored in {@code item}, the route item of its business. */
    public static BusinessRoute from(Map<String, AttributeValue> item) {
        return new BusinessRoute(
                Values.string(item, Attributes.ID),
                State.fromValue(Values.string(item, Attributes.ROUTE_STATE)),
                Values.string(item, Attributes.ROUTE_TABLE));
    }

    /** The route item. */
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = keyOf(businessId).newItem(ItemKind.ROUTE);
        item.put(Attributes.ROUTE_STATE, Values.s(state.value()));
        item.put(Attributes.ROUTE_TABLE, Values.s(target));
        return item;
    }

    /** Whether the business's writes are held: it is between tables. */
    public boolean fenced() {
        return state != State.MOVED;
    }

    /** The table that serves the business under {@code route} (empty: no route item), given its home table. */
    public static String servingTable(Optional<BusinessRoute> route, String homeTable) {
        return route.filter(r -> r.state() == State.MOVED || r.state() == State.FENCED_TARGET)
                .map(BusinessRoute::target)
                .orElse(homeTable);
    }

    /**
     * The condition check a write of {@code businessId} to {@code table} carries while a move runs: the home table
     * takes it only while the business has no route item, the target only while the route says {@link State#MOVED}.
     */
    public static TransactWriteItem writeCheck(String homeTable, String table, String businessId) {
        Expression condition = table.equals(homeTable) ? NO_ROUTE : inState(State.MOVED);
        return TransactWriteItem.builder()
                .conditionCheck(ConditionalWrites.conditionCheck(homeTable, keyOf(businessId), condition))
                .build();
    }

    /** The condition on the route item that it is absent: the home table serves the business. */
    public static final Expression NO_ROUTE = Expression.builder()
            .expression("attribute_not_exists(#id)")
            .putExpressionName("#id", Attributes.ID)
            .build();

    /** The condition on the route item that it is in {@code state}. */
    public static Expression inState(State state) {
        return Expression.builder()
                .expression("#state = :state")
                .putExpressionName("#state", Attributes.ROUTE_STATE)
                .putExpressionValue(":state", Values.s(state.value()))
                .build();
    }
}
