package io.entitytable.local.pump;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import software.amazon.event.ruler.Machine;

/**
 * The event source mapping's filter criteria, evaluated with Event Ruler, the library Lambda's event filtering is built
 * on. A record passes when any pattern matches (several filters are OR-ed). Patterns are matched against the record as
 * Lambda delivers it, so {@code dynamodb.NewImage.kind.S} means the same here and on AWS.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb-filtering.html">Filtering DynamoDB events</a>
 */
public final class StreamFilter {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Machine machine = new Machine();
    private final boolean passAll;

    public StreamFilter(List<String> patterns) {
        this.passAll = patterns.isEmpty();
        try {
            for (int i = 0; i < patterns.size(); i++) {
                machine.addRule("filter-" + i, patterns.get(i));
            }
        } catch (Exception e) {
            throw new IllegalArgumentException("Invalid filter pattern in " + patterns, e);
        }
    }

    /** @param recordJson one element of the event's {@code Records} array */
    public boolean passes(String recordJson) {
        if (passAll) {
            return true;
        }
        try {
            return !machine.rulesForJSONEvent(recordJson).isEmpty();
        } catch (Exception e) {
            throw new IllegalArgumentException("Cannot evaluate filters on record " + recordJson, e);
        }
    }

    /** Each record of a serialized {@code DynamodbEvent}, as JSON. */
    static List<String> recordsOf(String eventJson) {
        try {
            JsonNode records = JSON.readTree(eventJson).path("Records");
            return java.util.stream.StreamSupport.stream(records.spliterator(), false)
                    .map(JsonNode::toString)
                    .toList();
        } catch (Exception e) {
            throw new IllegalArgumentException("Not a DynamoDB event: " + eventJson, e);
        }
    }
}
