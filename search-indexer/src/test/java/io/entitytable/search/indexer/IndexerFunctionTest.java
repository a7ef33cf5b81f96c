package io.entitytable.search.indexer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.TableLayout;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The function as Lambda runs it: Quarkus, its configuration and CDI wiring, the mock event server, the project's own
 * index and alias created at start, order lines read from the local DynamoDB engine.
 */
@QuarkusTest
@QuarkusTestResource(SearchEngineResource.class)
class IndexerFunctionTest {
    private static final String SAMPLE_ORDER = "01JD3B8Q5Z00000000000000D1";
    private static final String SAMPLE_BUSINESS = "01JD3B8Q5Z0000000000000001";

    @Inject
    DynamoDbClient dynamo;

    @Test
    void orderEvent_shouldIndexTheOrderWithItsLines_underTheProjectsAlias() throws IOException {
        // GIVEN the sample order's line in the table
        dynamo.putItem(b -> b.tableName(TableLayout.ENTITY.defaultTableName())
                .item(SampleSubjects.lineItems(
                                SAMPLE_ORDER,
                                List.of(SampleSubjects.line("SKU-WALNUT", "Walnut writing desk", 1, 25000)))
                        .get(0)));
        String event = Files.readString(Path.of(System.getProperty("entity-table.events-dir", "../events/stream"))
                .resolve("order-tagged-and-untagged.json"));

        // WHEN
        List<String> failures = given().contentType("application/json")
                .accept("application/json")
                .body(event)
                .when()
                .post()
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("batchItemFailures.itemIdentifier", String.class);

        // THEN
        assertThat(failures).isEmpty();
        EngineIndex index = new EngineIndex(SearchIndex.ALIAS);
        assertThat(index.search(SAMPLE_BUSINESS, "walnut")).containsExactly(SAMPLE_ORDER);
        assertThat(index.search(SAMPLE_BUSINESS, "rush")).containsExactly(SAMPLE_ORDER);
        assertThat(index.search(SAMPLE_BUSINESS, "gift")).isEmpty();
        assertThat(index.document(SAMPLE_ORDER, SAMPLE_BUSINESS)
                        .path("_version")
                        .asLong())
                .isEqualTo(6);
    }
}
