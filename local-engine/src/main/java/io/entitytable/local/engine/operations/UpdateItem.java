package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.expressions.Update;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * UpdateItem: edits an item, creating it (from its key) when it does not exist, on an optional condition.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateItem.html">UpdateItem</a>
 */
final class UpdateItem implements Operation {
    static final Set<String> RETURN_VALUES = Set.of("NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW");

    private final Database database;

    UpdateItem(Database database) {
        this.database = database;
    }

    /** A validated update, as UpdateItem and TransactWriteItems make it. */
    record Edit(Table table, ItemKey key, Update update, Condition condition, String onConditionFailure) {
        static Edit of(Database database, ObjectNode request) {
            Table table = database.table(Requests.tableName(request));
            ItemKey key = ItemWrites.key(request, table);
            RequestExpressions expressions = RequestExpressions.of(request);
            Update update = expressions.update();
            Condition condition = expressions.condition("ConditionExpression");
            expressions.checkAllUsed();
            if (update != null) {
                for (String name : update.topLevelNames()) {
                    if (table.key().contains(name)) {
                        throw ApiException.validation("One or more parameter values were invalid: Cannot update"
                                + " attribute " + name + ". This attribute is part of the key");
                    }
                }
            }
            return new Edit(table, key, update, condition, ItemWrites.onConditionFailure(request));
        }

        Map<String, Value> decide(Map<String, Value> current) {
            ItemWrites.check(condition, current, onConditionFailure);
            Map<String, Value> base = current;
            if (base == null) {
                base = new LinkedHashMap<>();
                base.put(table.key().partition().name(), key.partition());
                if (table.key().sort() != null) {
                    base.put(table.key().sort().name(), key.sort());
                }
            }
            Map<String, Value> after = update == null ? base : update.apply(base);
            ItemRules.checkIndexKeys(table.definition(), after);
            ItemRules.checkSize(after);
            return after;
        }

        /** The {@code Attributes} {@code returnValues} asks for. */
        Map<String, Value> returned(String returnValues, Change change) {
            return switch (returnValues) {
                case "ALL_OLD" -> change.before();
                case "ALL_NEW" -> change.after();
                case "UPDATED_OLD" -> change.before() == null || update == null
                        ? null
                        : update.updatedParts(change.before());
                case "UPDATED_NEW" -> update == null ? null : update.updatedParts(change.after());
                default -> null;
            };
        }
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        String returnValues = Requests.oneOf(request, "ReturnValues", "returnValues", RETURN_VALUES, "NONE");
        String capacityMode = Capacity.mode(request);
        Edit edit = Edit.of(database, request);
        Change change = ItemWrites.write(database, edit.table(), edit.key(), edit::decide);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ItemWrites.putAttributes(answer, edit.returned(returnValues, change));
        if (!capacityMode.equals("NONE")) {
            Capacity capacity = new Capacity(edit.table().name(), true);
            capacity.addWrite(edit.table(), change.before(), change.after(), 1);
            ItemWrites.putCapacity(answer, capacity, capacityMode);
        }
        return answer;
    }
}
