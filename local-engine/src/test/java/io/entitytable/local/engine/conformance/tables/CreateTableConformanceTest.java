package io.entitytable.local.engine.conformance.tables;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.definition;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.gsi;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashKey;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashKeyTable;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashRangeKeyTable;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectAll;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectInclude;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectKeysOnly;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.rangeKey;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefused;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefusedWithAnyOf;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * CreateTable's rules: key schema, attribute definitions, names, indexes, projections and streams.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html">CreateTable</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html">
 *     Naming rules</a>
 */
class CreateTableConformanceTest {
    private static ConformanceTables tables;

    @BeforeAll
    static void connect() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    private static String name(String purpose) {
        return ConformanceEndpoint.tableName(purpose);
    }

    // CreateTable answers at once with CREATING (DynamoDB) or already ACTIVE, and the key schema as given.
    @Test
    void createTable_shouldAnswerWithTheTableBeingCreatedAndItsKeySchema() {
        String table = name("create");
        TableDescription answer =
                tables.createOnly(hashRangeKeyTable(table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.N)
                        .build());

        assertThat(answer.tableName()).isEqualTo(table);
        assertThat(answer.tableStatus()).isIn(TableStatus.CREATING, TableStatus.ACTIVE);
        assertThat(answer.keySchema()).containsExactly(hashKey("pk"), rangeKey("sk"));
        assertThat(answer.attributeDefinitions())
                .containsExactlyInAnyOrder(
                        definition("pk", ScalarAttributeType.S), definition("sk", ScalarAttributeType.N));
        assertThat(tables.awaitActive(table).tableStatus()).isEqualTo(TableStatus.ACTIVE);
    }

    // The table's ARN names the table, and its creation time is now.
    @Test
    void createTable_shouldGiveTheTableAnArnAndCreationTime() {
        String table = name("arn");
        TableDescription answer =
                tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S).build());

        assertThat(answer.tableArn()).startsWith("arn:").endsWith(":table/" + table);
        assertThat(answer.tableId()).isNotBlank();
        assertThat(Duration.between(answer.creationDateTime(), Instant.now()).abs())
                .isLessThan(Duration.ofMinutes(15));
    }

    // A new table has no items and no bytes.
    @Test
    void createTable_shouldStartEmpty() {
        TableDescription answer = tables.create(
                hashKeyTable(name("empty"), "pk", ScalarAttributeType.B).build());

        assertThat(answer.itemCount()).isZero();
        assertThat(answer.tableSizeBytes()).isZero();
    }

    // BillingMode PAY_PER_REQUEST shows in BillingModeSummary.
    @Test
    void createTable_shouldReportOnDemandBillingMode() {
        TableDescription answer = tables.create(
                hashKeyTable(name("ondemand"), "pk", ScalarAttributeType.S).build());

        assertThat(answer.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
    }

    // A PROVISIONED table reports the capacity it was given.
    @Test
    void createTable_shouldReportProvisionedThroughput() {
        TableDescription answer = tables.create(hashKeyTable(name("provisioned"), "pk", ScalarAttributeType.S)
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(throughput(3, 2))
                .build());

        assertThat(answer.provisionedThroughput().readCapacityUnits()).isEqualTo(3L);
        assertThat(answer.provisionedThroughput().writeCapacityUnits()).isEqualTo(2L);
    }

    // PROVISIONED (the default billing mode) needs ProvisionedThroughput.
    @Test
    void createTable_shouldRefuseProvisionedTableWithoutThroughput() {
        assertValidation(() -> tables.createOnly(hashKeyTable(name("nothroughput"), "pk", ScalarAttributeType.S)
                .billingMode(BillingMode.PROVISIONED)
                .build()));
    }

    // PAY_PER_REQUEST forbids ProvisionedThroughput.
    @Test
    void createTable_shouldRefuseOnDemandTableWithThroughput() {
        assertValidation(
                () -> tables.createOnly(hashKeyTable(name("ondemandthroughput"), "pk", ScalarAttributeType.S)
                        .provisionedThroughput(throughput(1, 1))
                        .build()),
                "One or more parameter values were invalid");
    }

    // A second table of the same name in the account and region: ResourceInUseException.
    @Test
    void createTable_shouldRefuseExistingTable() {
        String table = tables.hashTable("twice");

        assertRefused(
                () -> tables.createOnly(
                        hashKeyTable(table, "pk", ScalarAttributeType.S).build()),
                ResourceInUseException.class,
                "ResourceInUseException",
                table);
    }

    // AttributeDefinitions must define exactly the key attributes: one more is refused.
    @Test
    void createTable_shouldRefuseAttributeDefinitionThatNoKeyUses() {
        assertValidation(
                () -> tables.createOnly(hashKeyTable(name("extradef"), "pk", ScalarAttributeType.S)
                        .attributeDefinitions(
                                definition("pk", ScalarAttributeType.S), definition("other", ScalarAttributeType.S))
                        .build()),
                "One or more parameter values were invalid");
    }

    // AttributeDefinitions must define exactly the key attributes: a key attribute left out is refused.
    @Test
    void createTable_shouldRefuseKeyAttributeWithoutDefinition() {
        assertValidation(
                () -> tables.createOnly(CreateTableRequest.builder()
                        .tableName(name("nodef"))
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(definition("pk", ScalarAttributeType.S))
                        .keySchema(hashKey("pk"), rangeKey("sk"))
                        .build()),
                "One or more parameter values were invalid");
    }

    // AttributeDefinitions naming another attribute than the key's is refused.
    @Test
    void createTable_shouldRefuseDefinitionOfAnotherNameThanTheKey() {
        assertValidation(() -> tables.createOnly(CreateTableRequest.builder()
                .tableName(name("wrongdef"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition("id", ScalarAttributeType.S))
                .keySchema(hashKey("pk"))
                .build()));
    }

    // A key attribute is S, N or B: any other type fails the enum constraint.
    @ParameterizedTest
    @ValueSource(strings = {"BOOL", "SS", "M", "X"})
    void createTable_shouldRefuseKeyAttributeTypeOtherThanStringNumberBinary(String type) {
        assertValidation(() -> tables.createOnly(CreateTableRequest.builder()
                .tableName(name("keytype"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder()
                        .attributeName("pk")
                        .attributeType(type)
                        .build())
                .keySchema(hashKey("pk"))
                .build()));
    }

    // A key schema has one HASH element, then at most one RANGE element: two HASH keys are refused.
    @Test
    void createTable_shouldRefuseTwoHashKeys() {
        assertValidation(() -> tables.createOnly(CreateTableRequest.builder()
                .tableName(name("twohash"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition("a", ScalarAttributeType.S), definition("b", ScalarAttributeType.S))
                .keySchema(hashKey("a"), hashKey("b"))
                .build()));
    }

    // The first key schema element must be the HASH key.
    @Test
    void createTable_shouldRefuseRangeKeyFirst() {
        assertValidation(() -> tables.createOnly(CreateTableRequest.builder()
                .tableName(name("rangefirst"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition("a", ScalarAttributeType.S), definition("b", ScalarAttributeType.S))
                .keySchema(rangeKey("b"), hashKey("a"))
                .build()));
    }

    // A RANGE key alone is no key schema.
    @Test
    void createTable_shouldRefuseRangeKeyWithoutHashKey() {
        assertValidation(() -> tables.createOnly(CreateTableRequest.builder()
                .tableName(name("rangeonly"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition("b", ScalarAttributeType.S))
                .keySchema(rangeKey("b"))
                .build()));
    }

    // A key schema has at most two elements.
    @Test
    void createTable_shouldRefuseThreeKeyElements() {
        assertValidation(() -> tables.createOnly(CreateTableRequest.builder()
                .tableName(name("threekeys"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        definition("a", ScalarAttributeType.S),
                        definition("b", ScalarAttributeType.S),
                        definition("c", ScalarAttributeType.S))
                .keySchema(hashKey("a"), rangeKey("b"), rangeKey("c"))
                .build()));
    }

    // Table names: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-', '.'; these break the rule.
    @ParameterizedTest
    @ValueSource(strings = {"ab", "a", "has space", "bang!", "slash/name", "star*", "colon:name"})
    void createTable_shouldRefuseNameBreakingTheNamingRules(String table) {
        assertValidation(() -> tables.createOnly(
                hashKeyTable(table, "pk", ScalarAttributeType.S).build()));
    }

    // A table name has at most 255 characters.
    @Test
    void createTable_shouldRefuseNameLongerThan255Characters() {
        assertValidation(() -> tables.createOnly(
                hashKeyTable("t".repeat(256), "pk", ScalarAttributeType.S).build()));
    }

    // Dots, dashes, underscores and digits are allowed in a table name, and 255 characters is the most allowed.
    @ParameterizedTest
    @ValueSource(strings = {"dots.in.name", "dash-and_underscore", "Digits123", "max"})
    void createTable_shouldAcceptNameWithinTheNamingRules(String suffix) {
        String table = "max".equals(suffix)
                ? name("long") + "-" + "L".repeat(255 - name("long").length() - 1)
                : name(suffix);
        TableDescription answer =
                tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S).build());

        assertThat(answer.tableName()).isEqualTo(table).hasSizeLessThanOrEqualTo(255);
    }

    // A GSI is described with its key schema, projection and IndexStatus ACTIVE once the table is ACTIVE.
    @Test
    void createTable_shouldDescribeGlobalSecondaryIndex() {
        String table = name("gsi");
        TableDescription answer = tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S)
                .attributeDefinitions(
                        definition("pk", ScalarAttributeType.S),
                        definition("g", ScalarAttributeType.S),
                        definition("r", ScalarAttributeType.N))
                .globalSecondaryIndexes(gsi("byG", "g", "r", projectAll()))
                .build());

        GlobalSecondaryIndexDescription index = answer.globalSecondaryIndexes().get(0);
        assertThat(index.indexName()).isEqualTo("byG");
        assertThat(index.keySchema()).containsExactly(hashKey("g"), rangeKey("r"));
        assertThat(index.projection().projectionType()).isEqualTo(ProjectionType.ALL);
        assertThat(index.indexArn()).endsWith(":table/" + table + "/index/byG");
        assertThat(index.indexStatusAsString()).isEqualTo("ACTIVE");
    }

    // Projection types KEYS_ONLY and INCLUDE (with its NonKeyAttributes) are described as given.
    @Test
    void createTable_shouldDescribeKeysOnlyAndIncludeProjections() {
        TableDescription answer = tables.create(hashKeyTable(name("projections"), "pk", ScalarAttributeType.S)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(
                        gsi("keys", "g", null, projectKeysOnly()), gsi("some", "g", null, projectInclude("a", "b")))
                .build());

        assertThat(answer.globalSecondaryIndexes())
                .anySatisfy(index -> {
                    assertThat(index.indexName()).isEqualTo("keys");
                    assertThat(index.projection().projectionType()).isEqualTo(ProjectionType.KEYS_ONLY);
                })
                .anySatisfy(index -> {
                    assertThat(index.indexName()).isEqualTo("some");
                    assertThat(index.projection().projectionType()).isEqualTo(ProjectionType.INCLUDE);
                    assertThat(index.projection().nonKeyAttributes()).containsExactlyInAnyOrder("a", "b");
                });
    }

    // NonKeyAttributes only go with projection type INCLUDE.
    @Test
    void createTable_shouldRefuseNonKeyAttributesWithKeysOnlyProjection() {
        assertValidation(() -> tables.createOnly(hashKeyTable(name("keysattrs"), "pk", ScalarAttributeType.S)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi(
                        "keys",
                        "g",
                        null,
                        projectKeysOnly().toBuilder().nonKeyAttributes("a").build()))
                .build()));
    }

    // Every index key attribute needs an attribute definition.
    @Test
    void createTable_shouldRefuseIndexKeyWithoutDefinition() {
        assertValidation(
                () -> tables.createOnly(hashKeyTable(name("gsinodef"), "pk", ScalarAttributeType.S)
                        .globalSecondaryIndexes(gsi("byG", "g", null, projectAll()))
                        .build()),
                "One or more parameter values were invalid");
    }

    // Index names are unique within the table.
    @Test
    void createTable_shouldRefuseTwoIndexesOfTheSameName() {
        assertValidation(
                () -> tables.createOnly(hashKeyTable(name("gsidup"), "pk", ScalarAttributeType.S)
                        .attributeDefinitions(
                                definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                        .globalSecondaryIndexes(
                                gsi("same", "g", null, projectAll()), gsi("same", "g", null, projectAll()))
                        .build()),
                "One or more parameter values were invalid");
    }

    // An index name follows the table naming rules (3 to 255 of a-z, A-Z, 0-9, '_', '-', '.').
    @Test
    void createTable_shouldRefuseIndexNameBreakingTheNamingRules() {
        assertValidation(() -> tables.createOnly(hashKeyTable(name("gsiname"), "pk", ScalarAttributeType.S)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi("x!", "g", null, projectAll()))
                .build()));
    }

    // An LSI shares the table's partition key and has its own sort key; it is described as given.
    @Test
    void createTable_shouldDescribeLocalSecondaryIndex() {
        TableDescription answer = tables.create(lsiTable(name("lsi"))
                .localSecondaryIndexes(lsi("byL", "pk", "l"))
                .build());

        assertThat(answer.localSecondaryIndexes()).singleElement().satisfies(index -> {
            assertThat(index.indexName()).isEqualTo("byL");
            assertThat(index.keySchema()).containsExactly(hashKey("pk"), rangeKey("l"));
        });
    }

    // An LSI needs a table with a sort key.
    @Test
    void createTable_shouldRefuseLocalIndexOnTableWithoutSortKey() {
        assertValidation(
                () -> tables.createOnly(hashKeyTable(name("lsinorange"), "pk", ScalarAttributeType.S)
                        .attributeDefinitions(
                                definition("pk", ScalarAttributeType.S), definition("l", ScalarAttributeType.S))
                        .localSecondaryIndexes(lsi("byL", "pk", "l"))
                        .build()),
                "One or more parameter values were invalid");
    }

    // An LSI's partition key is the table's.
    @Test
    void createTable_shouldRefuseLocalIndexWithAnotherPartitionKey() {
        assertValidation(
                () -> tables.createOnly(lsiTable(name("lsihash"))
                        .localSecondaryIndexes(lsi("byL", "l", "sk"))
                        .build()),
                "One or more parameter values were invalid");
    }

    // At most 5 LSIs per table.
    @Test
    void createTable_shouldRefuseMoreThanFiveLocalIndexes() {
        List<LocalSecondaryIndex> indexes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            indexes.add(lsi("byL" + i, "pk", "l"));
        }
        assertRefusedWithAnyOf(
                () -> tables.createOnly(
                        lsiTable(name("lsimany")).localSecondaryIndexes(indexes).build()),
                "ValidationException",
                "LimitExceededException");
    }

    // A stream specification with a view type gives the table LatestStreamArn and LatestStreamLabel.
    @Test
    void createTable_shouldOpenStreamWhenSpecified() {
        String table = name("stream");
        TableDescription answer = tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S)
                .streamSpecification(StreamSpecification.builder()
                        .streamEnabled(true)
                        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)
                        .build())
                .build());

        assertThat(answer.streamSpecification().streamEnabled()).isTrue();
        assertThat(answer.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(answer.latestStreamLabel()).isNotBlank();
        assertThat(answer.latestStreamArn())
                .contains(":table/" + table + "/stream/")
                .endsWith(answer.latestStreamLabel());
    }

    // A table made without a stream specification has no stream.
    @Test
    void createTable_shouldOpenNoStreamByDefault() {
        TableDescription answer = tables.create(
                hashKeyTable(name("nostream"), "pk", ScalarAttributeType.S).build());

        assertThat(answer.latestStreamArn()).isNull();
        assertThat(answer.latestStreamLabel()).isNull();
    }

    // An enabled stream needs a StreamViewType.
    @Test
    void createTable_shouldRefuseEnabledStreamWithoutViewType() {
        assertValidation(() -> tables.createOnly(hashKeyTable(name("streamnoview"), "pk", ScalarAttributeType.S)
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(true).build())
                .build()));
    }

    private static CreateTableRequest.Builder lsiTable(String table) {
        return hashRangeKeyTable(table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S)
                .attributeDefinitions(
                        definition("pk", ScalarAttributeType.S),
                        definition("sk", ScalarAttributeType.S),
                        definition("l", ScalarAttributeType.S));
    }

    private static LocalSecondaryIndex lsi(String name, String hash, String range) {
        return LocalSecondaryIndex.builder()
                .indexName(name)
                .keySchema(hashKey(hash), rangeKey(range))
                .projection(projectAll())
                .build();
    }

    private static ProvisionedThroughput throughput(long read, long write) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(read)
                .writeCapacityUnits(write)
                .build();
    }
}
