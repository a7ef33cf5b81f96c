package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.CanonicalItem;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Ids;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The files in {@code events/stream/} are real-shaped DynamoDB Streams events, and their core images are exactly what
 * the table model writes (so a change of key or attribute format in table-model breaks this test, not production).
 */
class SampleEventsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> RECORD_FIELDS =
            List.of("eventID", "eventName", "eventVersion", "eventSource", "awsRegion", "eventSourceARN", "dynamodb");
    private static final List<String> STREAM_FIELDS =
            List.of("ApproximateCreationDateTime", "Keys", "SequenceNumber", "SizeBytes", "StreamViewType");

    static Stream<Path> sampleEvents() {
        return SampleEvents.files().stream();
    }

    @ParameterizedTest
    @MethodSource("sampleEvents")
    void sampleEvent_shouldBeRealShaped_andReadableByTheLambdaRuntimeAndTheSdkTransformer(Path file) throws Exception {
        // GIVEN
        JsonNode records = JSON.readTree(SampleEvents.json(file)).get("Records");

        // WHEN
        List<Record> converted = SampleEvents.records(file);

        // THEN
        assertThat(records).isNotEmpty();
        assertThat(converted).hasSize(records.size());
        for (JsonNode record : records) {
            RECORD_FIELDS.forEach(field ->
                    assertThat(record.has(field)).as("%s in %s", field, file).isTrue());
            STREAM_FIELDS.forEach(field -> assertThat(record.get("dynamodb").has(field))
                    .as("%s in %s", field, file)
                    .isTrue());
            assertThat(record.get("eventSource").asText()).isEqualTo("aws:dynamodb");
            assertThat(record.get("dynamodb").get("StreamViewType").asText()).isEqualTo("NEW_AND_OLD_IMAGES");
            String event = record.get("eventName").asText();
            assertThat(record.get("dynamodb").has("NewImage")).isEqualTo(!"REMOVE".equals(event));
            assertThat(record.get("dynamodb").has("OldImage")).isEqualTo(!"INSERT".equals(event));
        }
    }

    @ParameterizedTest
    @MethodSource("sampleEvents")
    void coreImages_shouldRoundTripThroughTheTableModel(Path file) {
        for (Record record : SampleEvents.records(file)) {
            for (Map<String, AttributeValue> image : List.of(
                    record.dynamodb().hasNewImage() ? record.dynamodb().newImage() : Map.<String, AttributeValue>of(),
                    record.dynamodb().hasOldImage()
                            ? record.dynamodb().oldImage()
                            : Map.<String, AttributeValue>of())) {
                if (image.isEmpty() || !CoreItem.isCore(image) || !SampleEvents.readable(image)) {
                    continue;
                }
                // GIVEN / WHEN
                CoreItem item = CoreItem.from(image);

                // THEN (internal counters are not part of the model's item)
                assertThat(Ids.isValid(item.id())).isTrue();
                Map<String, AttributeValue> expected = new java.util.HashMap<>(image);
                Map<String, AttributeValue> actual = new java.util.HashMap<>(item.toItem());
                assertThat(CanonicalItem.differingAttributes(actual, expected))
                        .as("%s in %s", record.dynamodb().sequenceNumber(), file)
                        .isEmpty();
            }
        }
    }
}
