package io.entitytable.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.SampleSubjects;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** The console's verify on the local DynamoDB engine: a customer (version 7, tagged vip and Early-Bird) and its tag copies. */
class VerifyRunTest {
    private static final DynamoDbClient dynamo = SharedLocalDynamoDb.client();

    private final Map<String, AttributeValue> customer =
            SampleSubjects.customer().toItem();

    @Test
    void run_shouldCountAndListTheDrift_whenACopyWasDeletedByHand() {
        // GIVEN the customer and its two tag copies, one of them then deleted by hand
        String table = withCustomerAndCopies();
        ItemKey deleted = ItemKey.of(copies().get(0));
        dynamo.deleteItem(DeleteItemRequest.builder()
                .tableName(table)
                .key(deleted.toAttributes())
                .build());

        // WHEN
        VerifyRun run = VerifyRun.run(dynamo, table, null);

        // THEN
        assertThat(run.coreItems()).isEqualTo(1);
        assertThat(run.duplicates()).isEqualTo(1);
        assertThat(run.countsByClass())
                .hasSize(DriftClass.values().length)
                .containsEntry("missing copy", 1L)
                .containsEntry("orphaned copy", 0L)
                .containsEntry("stale copy", 0L);
        assertThat(run.findings()).containsExactly("missing copy  " + deleted + ": want sourceVersion 7");
        assertThat(run.totalFindings()).isEqualTo(1);
        assertThat(run.index()).isNull();
        assertThat(run.tookMs()).isNotNegative();
    }

    @Test
    void run_shouldKeepTheFirstFindings_butCountThemAll() {
        // GIVEN the customer, its copies, and one copy more than are kept under tags it does not carry
        String table = withCustomerAndCopies();
        int orphans = VerifyRun.FINDINGS_KEPT + 1;
        for (int i = 0; i < orphans; i++) {
            put(
                    table,
                    RelationshipCatalogue.copyItem(
                            new Duplicate(
                                    Keys.tagPartition(SampleSubjects.BUSINESS, "gone-" + i),
                                    Keys.subjectRef(
                                            Entity.CUSTOMER,
                                            SampleSubjects.customer().id()),
                                    ItemKind.TAG),
                            customer));
        }

        // WHEN
        VerifyRun run = VerifyRun.run(dynamo, table, null);

        // THEN
        assertThat(run.duplicates()).isEqualTo(2 + orphans);
        assertThat(run.countsByClass()).containsEntry("orphaned copy", (long) orphans);
        assertThat(run.totalFindings()).isEqualTo(orphans);
        assertThat(run.findings())
                .hasSize(VerifyRun.FINDINGS_KEPT)
                .allMatch(line -> line.startsWith("orphaned copy  "));
    }

    /** A new table holding the customer and every copy it implies, as the fan-out leaves it. */
    private String withCustomerAndCopies() {
        String table = SharedLocalDynamoDb.newTable("verify-run");
        put(table, customer);
        copies().forEach(copy -> put(table, copy));
        return table;
    }

    private List<Map<String, AttributeValue>> copies() {
        return RelationshipCatalogue.impliedBy(customer).stream()
                .map(duplicate -> RelationshipCatalogue.copyItem(duplicate, customer))
                .sorted((one, other) -> ItemKey.of(one).compareTo(ItemKey.of(other)))
                .toList();
    }

    private static void put(String table, Map<String, AttributeValue> item) {
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }
}
