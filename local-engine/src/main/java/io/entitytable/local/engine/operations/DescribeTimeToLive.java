package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.tables.Table;

/**
 * DescribeTimeToLive.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTimeToLive.html">
 *     DescribeTimeToLive</a>
 */
record DescribeTimeToLive(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        Table table = database.table(Requests.tableName(request));
        String attribute = table.definition().timeToLive();
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ObjectNode description = answer.putObject("TimeToLiveDescription");
        if (attribute == null) {
            description.put("TimeToLiveStatus", "DISABLED");
        } else {
            description.put("TimeToLiveStatus", "ENABLED");
            description.put("AttributeName", attribute);
        }
        return answer;
    }
}
