package io.entitytable.local.engine.conformance.tables;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashKeyTable;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefused;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.core.waiters.WaiterResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * DescribeTable, ListTables (paged with Limit and ExclusiveStartTableName), DeleteTable, and the SDK's waiters, which
 * poll DescribeTable.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTable.html">DescribeTable</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ListTables.html">ListTables</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DeleteTable.html">DeleteTable</a>
 */
class DescribeListDeleteTablesConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbWaiter waiter;

    @BeforeAll
    static void connect() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        waiter = DynamoDbWaiter.builder()
                .client(tables.dynamo())
                .overrideConfiguration(WaiterOverrideConfiguration.builder()
                        .waitTimeout(ConformanceTables.DEADLINE)
                        .maxAttempts(Integer.MAX_VALUE)
                        .build())
                .build();
    }

    @AfterAll
    static void deleteTables() {
        waiter.close();
        tables.close();
    }

    // DescribeTable of a table that does not exist: ResourceNotFoundException.
    @Test
    void describeTable_shouldRefuseMissingTable() {
        assertRefused(
                () -> tables.dynamo().describeTable(b -> b.tableName(ConformanceEndpoint.tableName("missing"))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException",
                "Requested resource not found");
    }

    // DescribeTable gives the table's name, status, key schema and counts.
    @Test
    void describeTable_shouldDescribeActiveTable() {
        String table = tables.hashRangeTable("describe");

        TableDescription description =
                tables.dynamo().describeTable(b -> b.tableName(table)).table();

        assertThat(description.tableName()).isEqualTo(table);
        assertThat(description.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(description.keySchema()).hasSize(2);
        assertThat(description.itemCount()).isZero();
        assertThat(description.tableSizeBytes()).isZero();
        assertThat(description.tableArn()).endsWith(":table/" + table);
    }

    // The SDK's waitUntilTableExists ends with a description of the table ACTIVE.
    @Test
    void waitUntilTableExists_shouldEndWithActiveTable() {
        String table = ConformanceEndpoint.tableName("waitexists");
        tables.createOnly(hashKeyTable(table, "pk", ScalarAttributeType.S).build());

        WaiterResponse<DescribeTableResponse> answer = waiter.waitUntilTableExists(b -> b.tableName(table));

        assertThat(answer.matched().response())
                .hasValueSatisfying(
                        response -> assertThat(response.table().tableStatus()).isEqualTo(TableStatus.ACTIVE));
    }

    // DeleteTable answers with the table DELETING (or already gone), then DescribeTable finds none.
    @Test
    void deleteTable_shouldRemoveTheTable() {
        String table = tables.hashTable("delete");

        TableDescription answer =
                tables.dynamo().deleteTable(b -> b.tableName(table)).tableDescription();

        assertThat(answer.tableName()).isEqualTo(table);
        assertThat(answer.tableStatus()).isIn(TableStatus.DELETING, TableStatus.ACTIVE);
        tables.awaitGone(table);
        assertRefused(
                () -> tables.dynamo().describeTable(b -> b.tableName(table)),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // The SDK's waitUntilTableNotExists ends once DescribeTable answers ResourceNotFoundException.
    @Test
    void waitUntilTableNotExists_shouldEndOnceTheTableIsGone() {
        String table = tables.hashTable("waitgone");
        tables.dynamo().deleteTable(b -> b.tableName(table));

        WaiterResponse<DescribeTableResponse> answer = waiter.waitUntilTableNotExists(b -> b.tableName(table));

        assertThat(answer.matched().exception())
                .hasValueSatisfying(e -> assertThat(e).isInstanceOf(ResourceNotFoundException.class));
    }

    // DeleteTable of a table that does not exist: ResourceNotFoundException.
    @Test
    void deleteTable_shouldRefuseMissingTable() {
        assertRefused(
                () -> tables.dynamo().deleteTable(b -> b.tableName(ConformanceEndpoint.tableName("missing"))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException",
                "Requested resource not found");
    }

    // A deleted table's name can be used again for a new, empty table.
    @Test
    void createTable_shouldReuseNameOfDeletedTable() {
        String table = tables.hashTable("reuse");
        tables.dynamo().putItem(b -> b.tableName(table).item(ConformanceTables.item("pk", "a")));
        tables.dynamo().deleteTable(b -> b.tableName(table));
        tables.awaitGone(table);

        tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S).build());

        assertThat(tables.dynamo().scan(b -> b.tableName(table)).items()).isEmpty();
    }

    // ListTables lists the tables of the account and region.
    @Test
    void listTables_shouldListCreatedTables() {
        String first = tables.hashTable("listed");
        String second = tables.hashTable("listed");

        assertThat(allTableNames()).contains(first, second);
    }

    // With Limit, each page holds at most Limit names; LastEvaluatedTableName is the last name of a full page, and
    // ExclusiveStartTableName continues after it, so that paging visits every table once.
    @Test
    void listTables_shouldPageWithLimitAndExclusiveStartTableName() {
        List<String> made = List.of(tables.hashTable("paged"), tables.hashTable("paged"), tables.hashTable("paged"));

        List<String> seen = new ArrayList<>();
        String start = null;
        do {
            String exclusiveStart = start;
            ListTablesResponse page =
                    tables.dynamo().listTables(b -> b.limit(2).exclusiveStartTableName(exclusiveStart));
            assertThat(page.tableNames()).hasSizeLessThanOrEqualTo(2);
            if (page.lastEvaluatedTableName() != null) {
                assertThat(page.tableNames()).last().isEqualTo(page.lastEvaluatedTableName());
            }
            seen.addAll(page.tableNames());
            start = page.lastEvaluatedTableName();
        } while (start != null);

        assertThat(seen).doesNotHaveDuplicates().containsAll(made);
    }

    // Names after ExclusiveStartTableName come after it in the listing's order (names sorted).
    @Test
    void listTables_shouldListOnlyNamesAfterExclusiveStartTableName() {
        String table = tables.hashTable("after");

        List<String> after = tables.dynamo()
                .listTables(b -> b.exclusiveStartTableName(table).limit(100))
                .tableNames();

        assertThat(after).doesNotContain(table).allSatisfy(name -> assertThat(name)
                .isGreaterThan(table));
    }

    // ListTables' Limit is 1 to 100.
    @Test
    void listTables_shouldRefuseLimitOutsideOneToHundred() {
        assertValidation(() -> tables.dynamo().listTables(b -> b.limit(0)));
        assertValidation(() -> tables.dynamo().listTables(b -> b.limit(101)));
    }

    // A deleted table leaves ListTables once it is gone.
    @Test
    void listTables_shouldNotListDeletedTable() {
        String table = tables.hashTable("unlisted");
        tables.dynamo().deleteTable(b -> b.tableName(table));
        tables.awaitGone(table);

        assertThat(allTableNames()).doesNotContain(table);
    }

    private static List<String> allTableNames() {
        List<String> names = new ArrayList<>();
        tables.dynamo().listTablesPaginator(b -> b.limit(100)).tableNames().forEach(names::add);
        return names;
    }
}
