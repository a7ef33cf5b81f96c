package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** What PutItem, UpdateItem and DeleteItem share: the write cycle under the item's lock, conditions, return values. */
final class ItemWrites {
    static final Set<String> ON_CONDITION_FAILURE = Set.of("NONE", "ALL_OLD");
    private static final String CONDITION_FAILED = "ConditionalCheckFailedException";

    private ItemWrites() {}

    /** The new item (null to delete) decided from the current one (null when absent), under the item's lock. */
    @FunctionalInterface
    interface Decision {
        Map<String, Value> decide(Map<String, Value> current);
    }

    /** A validated put or delete of one item, as PutItem, DeleteItem, BatchWriteItem and TransactWriteItems make it. */
    interface SingleWrite {
        Table table();

        ItemKey key();

        Condition condition();

        String onConditionFailure();

        /** The item the write leaves: the item put, or null for a delete. */
        Map<String, Value> after();

        /** The item after the write, when its condition holds for the {@code current} one. */
        default Map<String, Value> decide(Map<String, Value> current) {
            check(condition(), current, onConditionFailure());
            return after();
        }
    }

    /** Locks the item, decides, commits; returns the change (which may change nothing). */
    static Change write(Database database, Table table, ItemKey key, Decision decision) {
        Claimed claimed = Claimed.one(database, table.name(), key);
        int[] locked;
        try {
            locked = database.locks().lockAll(database.locks().stripeOf(table.name(), key));
        } catch (RuntimeException e) {
            claimed.release();
            throw e;
        }
        try {
            Map<String, Value> current = table.get(key);
            Map<String, Value> after;
            try {
                after = decision.decide(current);
            } catch (ApiException refused) {
                if (refused.type().equals(CONDITION_FAILED)) {
                    Throttling.chargeFailedCondition(database, table, key, current);
                }
                throw refused;
            }
            Change change = new Change(table, key, current, after == null ? null : frozen(after));
            Throttling.chargeWrite(database, change);
            database.commit(change);
            return change;
        } finally {
            database.locks().unlockAll(locked);
            claimed.release();
        }
    }

    /** Refuses the write (ConditionalCheckFailedException) when {@code condition} does not hold for {@code current}. */
    static void check(Condition condition, Map<String, Value> current, String onFailure) {
        if (condition != null && !condition.test(current == null ? Map.of() : current)) {
            throw conditionFailed(current, onFailure);
        }
    }

    static ApiException conditionFailed(Map<String, Value> current, String onFailure) {
        ObjectNode extra = null;
        if ("ALL_OLD".equals(onFailure) && current != null) {
            extra = JsonNodeFactory.instance.objectNode();
            extra.set("Item", ValueJson.writeItem(current));
        }
        return ApiException.conditionalCheckFailed(extra);
    }

    static Map<String, Value> frozen(Map<String, Value> item) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(item));
    }

    static void putAttributes(ObjectNode answer, Map<String, Value> attributes) {
        if (attributes != null && !attributes.isEmpty()) {
            answer.set("Attributes", ValueJson.writeItem(attributes));
        }
    }

    static void putCapacity(ObjectNode answer, Capacity capacity, String mode) {
        ObjectNode consumed = capacity.toJson(mode);
        if (consumed != null) {
            answer.set("ConsumedCapacity", consumed);
        }
    }

    /** The {@code ReturnValues} of PutItem and DeleteItem: NONE or ALL_OLD. */
    static String oldOrNone(ObjectNode request) {
        String value = Requests.oneOf(
                request,
                "ReturnValues",
                "returnValues",
                Set.of("NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"),
                "NONE");
        if (!value.equals("NONE") && !value.equals("ALL_OLD")) {
            throw ApiException.validation("ReturnValues can only be ALL_OLD or NONE");
        }
        return value;
    }

    /** The {@code ConditionExpression} of a put or a delete (null when none), its names and values all used. */
    static Condition condition(ObjectNode request) {
        RequestExpressions expressions = RequestExpressions.of(request);
        Condition condition = expressions.condition("ConditionExpression");
        expressions.checkAllUsed();
        return condition;
    }

    static String onConditionFailure(ObjectNode request) {
        return Requests.oneOf(
                request,
                "ReturnValuesOnConditionCheckFailure",
                "returnValuesOnConditionCheckFailure",
                ON_CONDITION_FAILURE,
                "NONE");
    }

    /** The {@code Key} member, as a key of {@code table}. */
    static ItemKey key(ObjectNode request, Table table) {
        if (request.get("Key") == null || request.get("Key").isNull()) {
            throw Requests.missing("key");
        }
        return ItemRules.checkKey(table.key(), ValueJson.readItem(request.get("Key")));
    }
}
