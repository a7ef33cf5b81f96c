package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.Table;

/**
 * UpdateTimeToLive: the table's time-to-live attribute, enabled or disabled.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTimeToLive.html">
 *     UpdateTimeToLive</a>
 */
record UpdateTimeToLive(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        String name = Requests.tableName(request);
        JsonNode specification = request.get("TimeToLiveSpecification");
        if (specification == null || !specification.isObject()) {
            throw Requests.missing("timeToLiveSpecification");
        }
        if (!specification.hasNonNull("Enabled")) {
            throw Requests.missing("timeToLiveSpecification.enabled");
        }
        String attribute = specification.path("AttributeName").asText(null);
        if (attribute == null || attribute.isEmpty()) {
            throw Requests.missing("timeToLiveSpecification.attributeName");
        }
        boolean enabled = specification.path("Enabled").asBoolean();
        return database.exclusively(() -> {
            Table table = database.table(name);
            String current = table.definition().timeToLive();
            if (enabled && current != null) {
                throw ApiException.validation("TimeToLive is already enabled");
            }
            if (!enabled && current == null) {
                throw ApiException.validation("TimeToLive is already disabled");
            }
            if (!enabled && !current.equals(attribute)) {
                throw ApiException.validation(
                        "TimeToLive is active on a different AttributeName: current" + " AttributeName is " + current);
            }
            table.redefine(table.definition().withTimeToLive(enabled ? attribute : null));
            database.redefined(table);
            database.timeToLiveChanged(table);
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            answer.putObject("TimeToLiveSpecification").put("Enabled", enabled).put("AttributeName", attribute);
            return answer;
        });
    }
}
