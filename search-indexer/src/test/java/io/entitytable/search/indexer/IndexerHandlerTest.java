package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.SearchFields;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The handler on the files of the top-level {@code events/stream/} folder (Lambda's own event deserializer, the SDK
 * transformer), against the real engine: what users invoke is what is tested.
 */
class IndexerHandlerTest {
    private static final List<Map<String, Object>> LINES =
            List.of(SampleSubjects.line("SKU-1", "Walnut desk", 1, 10000));

    /** The item collection every order of the sample events is given: {@link #LINES}, as the API writes them. */
    private static List<Map<String, AttributeValue>> linesOf(String orderId) {
        return SampleSubjects.lineItems(orderId, LINES);
    }

    private final EngineIndex index = new EngineIndex();
    private final RecordingDeadLetters deadLetters = new RecordingDeadLetters();

    static List<Path> files() throws IOException {
        Path dir = Path.of(System.getProperty("entity-table.events-dir", "../events/stream"));
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(path -> path.toString().endsWith(".json"))
                    .sorted()
                    .toList();
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void everySampleEvent_shouldBeIndexedWithoutFailures_twice(Path file) throws IOException {
        // GIVEN
        IndexerHandler handler =
                new IndexerHandler(SearchIndexer.create(index.config(), id -> linesOf(id), deadLetters));
        DynamodbEvent event = event(file);

        // WHEN delivered twice, as Lambda may
        StreamsEventResponse first = handler.handleRequest(event, null);
        StreamsEventResponse second = handler.handleRequest(event(file), null);

        // THEN no record blocks the shard; only an unreadable record is dead-lettered (once per delivery)
        assertThat(first.getBatchItemFailures()).isEmpty();
        assertThat(second.getBatchItemFailures()).isEmpty();
        assertThat(deadLetters.letters)
                .allSatisfy(letter -> assertThat(letter.reason()).startsWith("unreadable record"));
        assertThat(deadLetters.letters).hasSize(file.getFileName().toString().contains("poison") ? 2 : 0);
    }

    @Test
    void storeRenamed_shouldLeaveTheStoreFindableByItsNewNameOnly() throws IOException {
        // GIVEN the sample rename: the old key's REMOVE and the new key's INSERT at version 2
        IndexerHandler handler =
                new IndexerHandler(SearchIndexer.create(index.config(), id -> linesOf(id), deadLetters));
        DynamodbEvent event = event(Path.of(System.getProperty("entity-table.events-dir", "../events/stream"))
                .resolve("store-renamed.json"));
        DeclaredItem renamed = event.getRecords().stream()
                .filter(r -> "INSERT".equals(r.getEventName()))
                .map(DynamodbEventTransformerAccess::newImage)
                .filter(image -> CoreItem.entityOf(image) == Entity.STORE)
                .map(CoreItem::from)
                .map(DeclaredItem.class::cast)
                .reduce((a, b) -> b)
                .orElseThrow();

        // WHEN
        handler.handleRequest(event, null);

        // THEN
        JsonNode stored = index.document(renamed.id(), renamed.businessId());
        assertThat(stored.path("_source").path(SearchFields.DELETED).asBoolean())
                .isFalse();
        assertThat(stored.path("_source").path(SearchFields.NAME).asText())
                .isEqualTo(renamed.text("name").orElseThrow());
    }

    private static DynamodbEvent event(Path file) throws IOException {
        return LambdaEventSerializers.serializerFor(DynamodbEvent.class, IndexerHandlerTest.class.getClassLoader())
                .fromJson(new ByteArrayInputStream(Files.readAllBytes(file)));
    }
}
