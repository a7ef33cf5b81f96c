package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.tables.TableDescriptions;

/**
 * DescribeTable.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTable.html">DescribeTable</a>
 */
record DescribeTable(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        Table table = database.table(Requests.tableName(request));
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.set("Table", TableDescriptions.describe(table.definition(), "ACTIVE", table.counts()));
        return answer;
    }
}
