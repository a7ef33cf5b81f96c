package io.entitytable.local.engine.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The AWS CLI, a client nobody in this project wrote, through a table's life: create-table (with a stream), put-item,
 * get-item, query, update-item with an expression, transact-write-items, dynamodbstreams get-records and delete-table,
 * each output read as JSON. The steps build on each other, so they run in order. Skipped only where no AWS CLI is
 * installed.
 *
 * @see <a href="https://docs.aws.amazon.com/cli/latest/reference/dynamodb/">AWS CLI dynamodb</a>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AwsCliConformanceTest {
    private static final List<String> CANDIDATES = List.of("/usr/bin/aws", "aws");
    private static String aws;
    private static String table;
    private static ConformanceTables tables;

    @BeforeAll
    static void findCli() {
        aws = CANDIDATES.stream()
                .filter(candidate -> ClientProcess.available(List.of(candidate, "--version")))
                .findFirst()
                .orElse(null);
        Assumptions.assumeTrue(
                aws != null, "the AWS CLI is not installed on this machine (tried /usr/bin/aws and aws on PATH)");
        table = ConformanceEndpoint.tableName("cli");
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
    }

    @AfterAll
    static void deleteTable() {
        if (tables != null) {
            try {
                tables.dynamo().deleteTable(b -> b.tableName(table));
            } catch (RuntimeException alreadyDeleted) {
                // the last step deletes it
            }
            tables.close();
        }
    }

    @Test
    @Order(1)
    void createTable_shouldCreateTableWithStream() {
        JsonNode answer = cli(
                        "dynamodb",
                        "create-table",
                        "--table-name",
                        table,
                        "--attribute-definitions",
                        "AttributeName=pk,AttributeType=S",
                        "AttributeName=sk,AttributeType=S",
                        "--key-schema",
                        "AttributeName=pk,KeyType=HASH",
                        "AttributeName=sk,KeyType=RANGE",
                        "--billing-mode",
                        "PAY_PER_REQUEST",
                        "--stream-specification",
                        "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES")
                .json();

        assertThat(answer.at("/TableDescription/TableName").asText()).isEqualTo(table);
        assertThat(answer.at("/TableDescription/LatestStreamArn").asText()).contains(table);
        cli("dynamodb", "wait", "table-exists", "--table-name", table);
        assertThat(cli("dynamodb", "describe-table", "--table-name", table)
                        .json()
                        .at("/Table/TableStatus")
                        .asText())
                .isEqualTo("ACTIVE");
    }

    @Test
    @Order(2)
    void putItem_shouldWriteAndReturnNothingByDefault() {
        ClientProcess.Outcome put = cli(
                "dynamodb",
                "put-item",
                "--table-name",
                table,
                "--item",
                "{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"},\"n\":{\"N\":\"5\"},\"tags\":{\"SS\":[\"x\",\"y\"]}}");
        cli(
                "dynamodb",
                "put-item",
                "--table-name",
                table,
                "--item",
                "{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"2\"},\"n\":{\"N\":\"6\"}}");

        assertThat(put.json().has("Attributes")).isFalse();
    }

    @Test
    @Order(3)
    void getItem_shouldReadTheItem() {
        JsonNode item = cli(
                        "dynamodb",
                        "get-item",
                        "--table-name",
                        table,
                        "--consistent-read",
                        "--key",
                        "{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"}}")
                .json()
                .get("Item");

        assertThat(item.at("/n/N").asText()).isEqualTo("5");
        assertThat(item.at("/tags/SS")).extracting(JsonNode::asText).containsExactlyInAnyOrder("x", "y");
    }

    @Test
    @Order(4)
    void query_shouldFindItemsOfThePartitionInOrder() {
        JsonNode answer = cli(
                        "dynamodb",
                        "query",
                        "--table-name",
                        table,
                        "--key-condition-expression",
                        "pk = :pk AND sk >= :from",
                        "--expression-attribute-values",
                        "{\":pk\":{\"S\":\"a\"},\":from\":{\"S\":\"1\"}}")
                .json();

        assertThat(answer.get("Count").asInt()).isEqualTo(2);
        assertThat(answer.get("Items")).extracting(i -> i.at("/sk/S").asText()).containsExactly("1", "2");
    }

    @Test
    @Order(5)
    void updateItem_shouldApplyExpressionAndReturnNewValues() {
        JsonNode answer = cli(
                        "dynamodb",
                        "update-item",
                        "--table-name",
                        table,
                        "--key",
                        "{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"}}",
                        "--update-expression",
                        "SET n = n + :d, #st = :s REMOVE tags",
                        "--condition-expression",
                        "attribute_exists(pk)",
                        "--expression-attribute-names",
                        "{\"#st\":\"status\"}",
                        "--expression-attribute-values",
                        "{\":d\":{\"N\":\"10\"},\":s\":{\"S\":\"done\"}}",
                        "--return-values",
                        "ALL_NEW")
                .json();

        assertThat(answer.at("/Attributes/n/N").asText()).isEqualTo("15");
        assertThat(answer.at("/Attributes/status/S").asText()).isEqualTo("done");
        assertThat(answer.get("Attributes").has("tags")).isFalse();
    }

    @Test
    @Order(6)
    void updateItem_shouldFailConditionWithConditionalCheckFailed() {
        ClientProcess.Outcome failed = ClientProcess.run(command(
                "dynamodb",
                "update-item",
                "--table-name",
                table,
                "--key",
                "{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"}}",
                "--update-expression",
                "SET n = :z",
                "--condition-expression",
                "n = :z",
                "--expression-attribute-values",
                "{\":z\":{\"N\":\"0\"}}"));

        assertThat(failed.exitCode()).isNotZero();
        assertThat(failed.stderr()).contains("ConditionalCheckFailedException");
    }

    @Test
    @Order(7)
    void transactWriteItems_shouldApplyAllActions() {
        cli(
                "dynamodb",
                "transact-write-items",
                "--transact-items",
                "[{\"Put\":{\"TableName\":\"" + table + "\",\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"S\":\"1\"}}}},"
                        + "{\"Delete\":{\"TableName\":\"" + table
                        + "\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"2\"}}}},"
                        + "{\"ConditionCheck\":{\"TableName\":\"" + table
                        + "\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"}},"
                        + "\"ConditionExpression\":\"attribute_exists(pk)\"}}]");

        JsonNode scanned = cli("dynamodb", "scan", "--table-name", table, "--consistent-read")
                .json();
        List<String> keys = new ArrayList<>();
        scanned.get("Items")
                .forEach(i -> keys.add(i.at("/pk/S").asText() + i.at("/sk/S").asText()));
        assertThat(keys).containsExactlyInAnyOrder("a1", "b1");
    }

    @Test
    @Order(8)
    void getRecords_shouldReadTheStreamOfTheChanges() {
        String streamArn = cli("dynamodbstreams", "list-streams", "--table-name", table)
                .json()
                .at("/Streams/0/StreamArn")
                .asText();
        JsonNode shards = cli("dynamodbstreams", "describe-stream", "--stream-arn", streamArn)
                .json()
                .at("/StreamDescription/Shards");
        assertThat(shards.size()).isPositive();

        List<String> events = ConformanceTables.await("five stream records read by the CLI", () -> {
            List<String> seen = new ArrayList<>();
            for (JsonNode shard : shards) {
                String iterator = cli(
                                "dynamodbstreams",
                                "get-shard-iterator",
                                "--stream-arn",
                                streamArn,
                                "--shard-id",
                                shard.get("ShardId").asText(),
                                "--shard-iterator-type",
                                "TRIM_HORIZON")
                        .json()
                        .get("ShardIterator")
                        .asText();
                JsonNode records = cli("dynamodbstreams", "get-records", "--shard-iterator", iterator)
                        .json()
                        .get("Records");
                records.forEach(r -> seen.add(r.get("eventName").asText()));
            }
            return seen.size() >= 5 ? seen : null;
        });

        // put a1, put a2, update a1, then the transaction's put b1 and delete a2
        assertThat(events).containsExactlyInAnyOrder("INSERT", "INSERT", "MODIFY", "INSERT", "REMOVE");
    }

    @Test
    @Order(9)
    void deleteTable_shouldDeleteTheTable() {
        JsonNode answer = cli("dynamodb", "delete-table", "--table-name", table).json();

        assertThat(answer.at("/TableDescription/TableName").asText()).isEqualTo(table);
        cli("dynamodb", "wait", "table-not-exists", "--table-name", table);
        ClientProcess.Outcome describe =
                ClientProcess.run(command("dynamodb", "describe-table", "--table-name", table));
        assertThat(describe.exitCode()).isNotZero();
        assertThat(describe.stderr()).contains("ResourceNotFoundException");
    }

    private static ClientProcess.Outcome cli(String... arguments) {
        return ClientProcess.run(command(arguments)).assertSucceeded();
    }

    private static List<String> command(String... arguments) {
        List<String> command = new ArrayList<>(List.of(arguments));
        command.add(0, aws);
        command.addAll(List.of("--endpoint-url", ConformanceEndpoint.endpoint().toString(), "--output", "json"));
        return command;
    }
}
