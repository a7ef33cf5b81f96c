package io.entitytable.local.engine.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Python's boto3, a client nobody in this project wrote, through a table's life (src/test/resources/conformance/
 * boto3_conformance.py prints what each step answered as JSON). Skipped only where python3 or boto3 is not installed.
 *
 * @see <a href="https://boto3.amazonaws.com/v1/documentation/api/latest/reference/services/dynamodb.html">boto3
 *     DynamoDB</a>
 */
class Boto3ConformanceTest {
    private static Path script;
    private static JsonNode summary;

    @BeforeAll
    static void runScript() throws IOException {
        Assumptions.assumeTrue(
                ClientProcess.available(List.of("python3", "-c", "import boto3")),
                "python3 with boto3 is not installed on this machine (python3 -c 'import boto3' failed)");
        script = Files.createTempFile("boto3_conformance", ".py");
        try (InputStream source = Boto3ConformanceTest.class.getResourceAsStream("/conformance/boto3_conformance.py")) {
            Files.copy(source, script, StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> command = new ArrayList<>(List.of(
                "python3",
                script.toString(),
                ConformanceEndpoint.endpoint().toString(),
                ConformanceEndpoint.tableName("boto3"),
                System.getProperty("conformance.region", "us-east-1")));
        summary = ClientProcess.run(command).assertSucceeded().json();
    }

    @AfterAll
    static void deleteScript() throws IOException {
        if (script != null) {
            Files.deleteIfExists(script);
        }
    }

    // create_table answers with the table, and the table_exists waiter ends with it ACTIVE.
    @Test
    void createTable_shouldEndActive() {
        assertThat(summary.get("createdName").asText()).startsWith("conformance-boto3-");
        assertThat(summary.get("status").asText()).isEqualTo("ACTIVE");
    }

    // put_item then get_item round-trips numbers and binary values.
    @Test
    void getItem_shouldReadWhatWasPut() {
        assertThat(summary.get("getN").asText()).isEqualTo("20");
        assertThat(summary.get("getBinary")).extracting(JsonNode::asInt).containsExactly(1, 2);
    }

    // query with BETWEEN on a number sort key, descending.
    @Test
    void query_shouldFindRangeInDescendingOrder() {
        assertThat(summary.get("querySks")).extracting(JsonNode::asText).containsExactly("3", "2");
    }

    // update_item with SET arithmetic and list_append(if_not_exists(...)) answers UPDATED_NEW.
    @Test
    void updateItem_shouldApplyExpression() {
        assertThat(summary.get("updatedN").asText()).isEqualTo("15");
        assertThat(summary.get("updatedLog")).extracting(JsonNode::asText).containsExactly("first");
    }

    // A failed ConditionCheck cancels the transaction with positional reasons; a good one applies every action.
    @Test
    void transactWriteItems_shouldCancelThenApply() {
        assertThat(summary.get("cancelCode").asText()).isEqualTo("TransactionCanceledException");
        assertThat(summary.get("cancelReasons"))
                .extracting(JsonNode::asText)
                .containsExactly("None", "ConditionalCheckFailed");
        assertThat(summary.get("afterTransaction")).extracting(JsonNode::asText).containsExactly("p1", "p2", "q1");
    }

    // The stream has one record per change: three puts, one update, the transaction's put and delete.
    @Test
    void getRecords_shouldReadEveryChange() {
        assertThat(summary.get("streamEvents"))
                .extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("INSERT", "INSERT", "INSERT", "MODIFY", "INSERT", "REMOVE");
    }

    // delete_table, then the table_not_exists waiter, then describe_table: ResourceNotFoundException.
    @Test
    void deleteTable_shouldRemoveTable() {
        assertThat(summary.get("deleted").asBoolean()).isTrue();
    }
}
