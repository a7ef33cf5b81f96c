package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.tables.TableDescriptions;

/**
 * DeleteTable: the table is gone when the call returns (its description says DELETING, as DynamoDB's answer does).
 * Its stream, if enabled, is closed and stays readable for its retention.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DeleteTable.html">DeleteTable</a>
 */
record DeleteTable(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        String name = Requests.tableName(request);
        return database.exclusively(() -> {
            Table table = database.table(name);
            if (table.definition().deletionProtection()) {
                throw ApiException.validation(
                        "Resource cannot be deleted as it is currently protected against deletion. Disable deletion"
                                + " protection first.");
            }
            ObjectNode description = TableDescriptions.describe(table.definition(), "DELETING", table.counts());
            database.removeTable(table);
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            answer.set("TableDescription", description);
            return answer;
        });
    }
}
