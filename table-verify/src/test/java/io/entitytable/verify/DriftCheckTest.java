package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The entry point other modules' tests use: the same findings as {@code verify}, from a client and a table name. */
class DriftCheckTest {
    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void of_shouldBeClean_andListEveryDuplicate_whenEveryCopyMatchesItsSource() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable("clean"));

        // WHEN
        DriftCheck check = DriftCheck.of(dynamo, sample.table);

        // THEN
        assertThat(check.clean()).isTrue();
        assertThat(check.findings()).isEmpty();
        assertThat(check.copyFindings()).isEmpty();
        assertThat(check.coreItems()).isEqualTo(8);
        List<Map<String, AttributeValue>> expected = sample.expectedDuplicates();
        assertThat(check.duplicates()).hasSize(expected.size()).allSatisfy(copy -> assertThat(expected)
                .anySatisfy(want ->
                        assertThat(CanonicalItem.sameContent(copy, want)).isTrue()));
        assertThat(check.toString()).startsWith("0 findings over 8 core items and 11 duplicates");
    }

    @Test
    void of_shouldDescribeEveryFinding_andKeepDanglingReferencesOutOfTheCopyFindings_whenTheTableDrifted() {
        // GIVEN the damage of every class that VerifyRepairTest checks one by one
        SampleTable sample = SampleTable.write(dynamo, newTable("drifted"));
        VerifyRepairTest.Corruption corruption = VerifyRepairTest.corrupt(sample);

        // WHEN
        DriftCheck check = DriftCheck.of(dynamo, sample.table);

        // THEN one line per finding, as verify prints them
        assertThat(check.clean()).isFalse();
        assertThat(check.findings())
                .hasSize(11)
                .contains("dangling reference  " + corruption.dangling() + ": storeIds names store "
                        + corruption.missingStoreId() + " does not exist (not repaired: core items are the API's;"
                        + " unlink it there)")
                .anySatisfy(line -> assertThat(line)
                        .startsWith("missing copy  " + corruption.missing().get(0)))
                .anySatisfy(line -> assertThat(line).startsWith("orphaned copy  "))
                .anySatisfy(line -> assertThat(line).startsWith("stale copy  "))
                .anySatisfy(line -> assertThat(line).startsWith("index-attribute leak  "))
                .anySatisfy(line -> assertThat(line).startsWith("copy ahead of source  " + corruption.ahead()));
        // AND the copies' findings are all of them but the one about a core item
        assertThat(check.copyFindings()).hasSize(10).noneSatisfy(line -> assertThat(line)
                .startsWith("dangling reference"));
        assertThat(check.toString())
                .startsWith("11 findings over 8 core items and ")
                .contains(check.findings());
    }

    private static String newTable(String name) {
        String table = "check-" + name;
        local.createTable(table);
        return table;
    }
}
