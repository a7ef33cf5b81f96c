package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.deployment.StreamFilters;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.model.Attributes;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.ItemKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.event.ruler.Machine;

/**
 * The event source mapping's filters, {@link StreamFilters#PATTERNS}, evaluated with Event Ruler (the engine behind
 * Lambda event filtering) on every record of {@code events/stream/}: core-item records pass, duplicate-item and
 * order-line records are dropped, and the patterns use only what Lambda supports.
 */
class StreamFiltersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Machine machine;

    @BeforeAll
    static void loadPatterns() throws Exception {
        machine = new Machine();
        for (int i = 0; i < StreamFilters.PATTERNS.size(); i++) {
            machine.addRule("filter-" + i, StreamFilters.PATTERNS.get(i));
        }
    }

    @Test
    void patterns_shouldPassEveryCoreRecord_andDropEveryDuplicateAndLineRecord_ofEverySampleEvent() throws Exception {
        // GIVEN every record of every sample event, and what it is (from its images, not from the filter)
        List<JsonNode> core = new ArrayList<>();
        List<JsonNode> other = new ArrayList<>();
        for (Path file : SampleEvents.files()) {
            for (JsonNode record : JSON.readTree(SampleEvents.json(file)).get("Records")) {
                (isCore(record) ? core : other).add(record);
            }
        }

        // WHEN / THEN
        assertThat(core).extracting(r -> r.get("eventName").asText()).contains("INSERT", "MODIFY", "REMOVE");
        assertThat(other)
                .extracting(r -> image(r).get(Attributes.KIND).get("S").asText())
                .contains(ItemKind.TAG.value(), ItemKind.EDGE.value(), ItemKind.LINE.value());
        for (JsonNode record : core) {
            assertThat(machine.rulesForJSONEvent(record.toString()))
                    .as("core record %s", record.get("dynamodb").get("SequenceNumber"))
                    .isNotEmpty();
        }
        for (JsonNode record : other) {
            assertThat(machine.rulesForJSONEvent(record.toString()))
                    .as("duplicate/line record %s", record.get("dynamodb").get("SequenceNumber"))
                    .isEmpty();
        }
    }

    @Test
    void patterns_shouldDropTheRecordsOfIdempotencyRecords_soNeitherConsumerSeesThem() throws Exception {
        // GIVEN the INSERT and the REMOVE (its time-to-live deletion, or its business's erase) of an idempotency record
        Instant now = Instant.parse("2026-11-24T12:00:00Z");
        Map<String, AttributeValue> item = new IdempotencyRecord(
                        "caller",
                        "key-1",
                        "f".repeat(64),
                        201,
                        "/stores/S",
                        "\"1\"",
                        "{}",
                        now,
                        now.plusSeconds(86_400))
                .toItem("01JD3B8Q5Z0000000000000001#0"); // as the API writes it: listed under its business
        ObjectNode image = JSON.createObjectNode();
        item.forEach((name, value) ->
                image.putObject(name).put(value.n() != null ? "N" : "S", value.n() != null ? value.n() : value.s()));
        ObjectNode insert = JSON.createObjectNode().put("eventName", "INSERT");
        insert.putObject("dynamodb").set("NewImage", image);
        ObjectNode remove = JSON.createObjectNode().put("eventName", "REMOVE");
        remove.putObject("dynamodb").set("OldImage", image);

        // WHEN / THEN the fan-out's filters (which the search indexer's trigger shares) drop both
        assertThat(StreamTrigger.SEARCH_INDEXER.filterPatterns()).isEqualTo(StreamFilters.PATTERNS);
        assertThat(machine.rulesForJSONEvent(insert.toString())).isEmpty();
        assertThat(machine.rulesForJSONEvent(remove.toString())).isEmpty();
    }

    @Test
    void patterns_shouldUseOnlyOperatorsLambdaSupports_onTheDynamodbKeyOnly() {
        // GIVEN / WHEN
        List<String> problems = new ArrayList<>();
        StreamFilters.PATTERNS.forEach(pattern -> problems.addAll(LambdaFilterOperators.violations(pattern)));

        // THEN
        assertThat(problems).isEmpty();
        assertThat(StreamTrigger.DEFAULT.filterPatterns()).isEqualTo(StreamFilters.PATTERNS);
        assertThat(StreamFilters.PATTERNS).hasSizeLessThanOrEqualTo(5); // Lambda's default quota of filters
    }

    @Test
    void operatorCheck_shouldRejectWhatLambdaDoesNotSupport() {
        // GIVEN patterns that Event Ruler accepts but a DynamoDB event source mapping does not
        List<String> unsupported = List.of(
                "{\"eventName\":[\"INSERT\"]}",
                "{\"dynamodb\":{\"Keys\":{\"id\":{\"S\":[{\"wildcard\":\"tag#*\"}]}}}}",
                "{\"dynamodb\":{\"NewImage\":{\"kind\":{\"S\":[{\"anything-but\":{\"prefix\":\"e\"}}]}}}}",
                "{\"dynamodb\":{\"$or\":[{\"NewImage\":{\"kind\":{\"S\":[\"core\"]}}}]}}",
                "{\"dynamodb\":{\"NewImage\":{\"version\":{\"N\":[{\"numeric\":[\">\",1]}]}}}}");

        // WHEN / THEN
        for (String pattern : unsupported) {
            assertThat(LambdaFilterOperators.violations(pattern)).as(pattern).isNotEmpty();
        }
        assertThat(
                        LambdaFilterOperators.violations(
                                "{\"dynamodb\":{\"Keys\":{\"id\":{\"S\":[{\"prefix\":\"tag#\"},{\"anything-but\":[\"a\"]}]}}}}"))
                .isEmpty();
    }

    private static boolean isCore(JsonNode record) {
        return hasCoreKind(record.get("dynamodb").get("NewImage"))
                || hasCoreKind(record.get("dynamodb").get("OldImage"));
    }

    private static boolean hasCoreKind(JsonNode image) {
        return image != null
                && image.has(Attributes.KIND)
                && ItemKind.CORE
                        .value()
                        .equals(image.get(Attributes.KIND).get("S").asText());
    }

    private static JsonNode image(JsonNode record) {
        JsonNode newImage = record.get("dynamodb").get("NewImage");
        return newImage != null ? newImage : record.get("dynamodb").get("OldImage");
    }
}
