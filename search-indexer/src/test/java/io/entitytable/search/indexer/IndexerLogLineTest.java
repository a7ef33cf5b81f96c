package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchDocument;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/** The indexer's line of a batch: whole counts, a bounded listing, and the request ids of the records' new images. */
class IndexerLogLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void fields_shouldCountEveryDocument_listAtMostTheCap_andNameEachRequestOnce() throws Exception {
        // GIVEN more documents indexed than a line lists, each from a record of request A, and one refused of request B
        IndexerLogLine line = new IndexerLogLine();
        int indexed = LogLine.MAX_LISTED_KEYS + 1;
        for (int i = 0; i < indexed; i++) {
            line.outcome(document("C" + i), recordOf("request-A="), "indexed");
        }
        line.outcome(document("late"), recordOf("request-B="), "refused");

        // WHEN the batch's fields are made
        Map<LogField, Object> fields = line.fields(indexed + 1, 7);

        // THEN the counts are whole, the listing stops at the cap, and both requests are named once
        assertThat(fields)
                .containsEntry(LogField.RECORDS, indexed + 1)
                .containsEntry(LogField.DOCUMENTS_WRITTEN, indexed)
                .containsEntry(LogField.DOCUMENTS_DELETED, 0)
                .containsEntry(LogField.CORRELATION_IDS, "request-A= request-B=");
        JsonNode listed = JSON.readTree((String) fields.get(LogField.EFFECTS));
        assertThat(listed).hasSize(LogLine.MAX_LISTED_KEYS);
        assertThat(listed.get(0).get(LogField.CORRELATION_ID.key()).asText()).isEqualTo("request-A=");

        // ... and the next batch starts empty
        assertThat(line.fields(0, 0))
                .containsEntry(LogField.DOCUMENTS_WRITTEN, 0)
                .doesNotContainKey(LogField.CORRELATION_IDS);
    }

    private static SearchDocument document(String id) {
        return new SearchDocument("customer", id, "B", 2, false, Instant.EPOCH, "title", Map.of());
    }

    private static Record recordOf(String requestId) {
        return Record.builder()
                .dynamodb(StreamRecord.builder()
                        .newImage(Map.of(Attributes.CORRELATION_ID, Values.s(requestId)))
                        .build())
                .build();
    }
}
