package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.ItemClaims;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * TransactWriteItems: up to 100 puts, updates, deletes and condition checks of distinct items, all or none. The items'
 * locks are taken in one order, every condition is checked, and the changes commit together; a failure cancels the
 * whole transaction with one reason per action, in order. A {@code ClientRequestToken} makes a repeat within 10
 * minutes answer as the first call did without writing again.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html">
 *     TransactWriteItems</a>
 */
final class TransactWriteItems implements Operation {
    static final long IDEMPOTENCY_MILLIS = 10 * 60 * 1000;

    private final Database database;
    private final ConcurrentHashMap<String, Answered> answered = new ConcurrentHashMap<>();

    TransactWriteItems(Database database) {
        this.database = database;
    }

    private record Answered(String request, ObjectNode answer, long millis) {}

    /** One action: its item, and what it decides under the lock (the new item, the same item for a check). */
    private record Action(Table table, ItemKey key, ItemWrites.Decision decision, boolean writes)
            implements HeldItems.Item {}

    @Override
    public ObjectNode call(ObjectNode request) {
        String capacityMode = Capacity.mode(request);
        JsonNode items = Requests.transactItems(request);
        String token = Requests.string(request, "ClientRequestToken");
        String fingerprint = items.toString();
        long now = database.now();
        if (token != null) {
            answered.values().removeIf(previous -> now - previous.millis() > IDEMPOTENCY_MILLIS);
            Answered previous = answered.get(token);
            if (previous != null) {
                if (!previous.request().equals(fingerprint)) {
                    throw new ApiException(
                            400,
                            "IdempotentParameterMismatchException",
                            "Request parameters do not match previous request with the same client request token");
                }
                return previous.answer().deepCopy();
            }
        }
        List<Action> actions = new ArrayList<>(items.size());
        Set<String> seen = new HashSet<>();
        for (JsonNode item : items) {
            Action action = action(item);
            if (!seen.add(action.table().name() + "\u0000" + action.key())) {
                throw ApiException.validation("Transaction request cannot include multiple operations on one item");
            }
            actions.add(action);
        }
        List<Change> changes = new ArrayList<>(actions.size());
        try (HeldItems held = HeldItems.hold(database, ItemClaims.Kind.TRANSACTION_WRITE, actions)) {
            ArrayNode reasons = JsonNodeFactory.instance.arrayNode();
            boolean failed = false;
            for (Action action : actions) {
                Map<String, Value> current = action.table().get(action.key());
                ObjectNode reason = reasons.addObject();
                try {
                    Map<String, Value> after = action.decision().decide(current);
                    reason.put("Code", "None");
                    if (action.writes()) {
                        changes.add(new Change(
                                action.table(),
                                action.key(),
                                current,
                                after == null ? null : ItemWrites.frozen(after)));
                    }
                } catch (ApiException e) {
                    failed = true;
                    if (e.type().equals("ConditionalCheckFailedException")) {
                        reason.put("Code", "ConditionalCheckFailed");
                        reason.put("Message", e.getMessage());
                        if (e.extra().has("Item")) {
                            reason.set("Item", e.extra().get("Item"));
                        }
                    } else {
                        reason.put("Code", "ValidationError");
                        reason.put("Message", e.getMessage());
                    }
                }
            }
            if (failed) {
                throw Cancellations.cancelled(reasons);
            }
            chargeThroughput(actions, changes);
            database.holdTransaction();
            database.commitTransaction(changes);
        }
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        Map<String, Capacity> capacities = new LinkedHashMap<>();
        for (Action action : actions) {
            capacities.computeIfAbsent(action.table().name(), table -> new Capacity(table, true));
        }
        for (Action action : actions) {
            if (!action.writes()) {
                capacities.get(action.table().name()).addTable(2);
            }
        }
        for (Change change : changes) {
            capacities.get(change.table().name()).addWrite(change.table(), change.before(), change.after(), 2);
        }
        if (!capacityMode.equals("NONE")) {
            ArrayNode consumed = answer.putArray("ConsumedCapacity");
            capacities.values().forEach(capacity -> consumed.add(capacity.toJson(capacityMode)));
        }
        if (token != null) {
            answered.put(token, new Answered(fingerprint, answer.deepCopy(), now));
        }
        return answer;
    }

    /** Takes the transaction's units (twice a write's) as a whole, or cancels it with ThrottlingError. */
    private void chargeThroughput(List<Action> actions, List<Change> changes) {
        var throughput = database.throughput();
        if (throughput == null) {
            return;
        }
        List<io.entitytable.local.engine.behaviour.PartitionThroughput.Charge> charges = new ArrayList<>();
        for (Change change : changes) {
            int position = 0;
            while (actions.get(position).table() != change.table()
                    || !actions.get(position).key().equals(change.key())) {
                position++;
            }
            Throttling.addWrite(charges, change, 2, position);
        }
        var refused = throughput.take(charges);
        if (refused != null) {
            Table table = actions.get(refused.position()).table();
            throw Cancellations.cancelledAt(
                    actions.size(),
                    refused.position(),
                    "ThrottlingError",
                    Throttling.refused(table, refused).getMessage());
        }
    }

    private Action action(JsonNode item) {
        int kinds = 0;
        for (String kind : List.of("ConditionCheck", "Put", "Delete", "Update")) {
            if (item.hasNonNull(kind)) {
                kinds++;
            }
        }
        if (kinds != 1 || !item.isObject()) {
            throw ApiException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
        }
        if (item.hasNonNull("Put")) {
            PutItem put = PutItem.of(database, object(item, "Put"));
            return new Action(put.table(), put.key(), put::decide, true);
        }
        if (item.hasNonNull("Delete")) {
            DeleteItem delete = DeleteItem.of(database, object(item, "Delete"));
            return new Action(delete.table(), delete.key(), delete::decide, true);
        }
        if (item.hasNonNull("Update")) {
            ObjectNode update = object(item, "Update");
            if (!update.hasNonNull("UpdateExpression")) {
                throw Requests.missing("transactItems.1.member.update.updateExpression");
            }
            UpdateItem.Edit edit = UpdateItem.Edit.of(database, update);
            return new Action(edit.table(), edit.key(), edit::decide, true);
        }
        ObjectNode check = object(item, "ConditionCheck");
        if (!check.hasNonNull("ConditionExpression")) {
            throw Requests.missing("transactItems.1.member.conditionCheck.conditionExpression");
        }
        DeleteItem parsed = DeleteItem.of(database, check);
        Condition condition = parsed.condition();
        String onFailure = parsed.onConditionFailure();
        return new Action(
                parsed.table(),
                parsed.key(),
                current -> {
                    ItemWrites.check(condition, current, onFailure);
                    return current;
                },
                false);
    }

    private static ObjectNode object(JsonNode item, String kind) {
        JsonNode node = item.get(kind);
        if (!node.isObject()) {
            throw ApiException.validation("Start of structure or map found where not expected");
        }
        return (ObjectNode) node;
    }
}
