package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * ListTables: names in order, at most {@code Limit} (100) a page, after {@code ExclusiveStartTableName}.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ListTables.html">ListTables</a>
 */
record ListTables(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        int limit = Requests.limit(request, 100);
        String start = Requests.string(request, "ExclusiveStartTableName");
        if (start != null) {
            Requests.tableName(start, "exclusiveStartTableName");
        }
        List<String> names = new ArrayList<>(database.tables().keySet());
        names.sort(String::compareTo);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ArrayNode page = answer.putArray("TableNames");
        String last = null;
        boolean more = false;
        for (String name : names) {
            if (start != null && name.compareTo(start) <= 0) {
                continue;
            }
            if (page.size() == limit) {
                more = true;
                break;
            }
            page.add(name);
            last = name;
        }
        if (more) {
            answer.put("LastEvaluatedTableName", last);
        }
        return answer;
    }
}
