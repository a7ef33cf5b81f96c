package io.entitytable.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The {@code Entity} table: keys, the four global secondary indexes and the stream view. The CDK stack, the local
 * bootstrap and the tests all derive the table from {@link #ENTITY}, and a test compares what each of them creates.
 */
public record TableLayout(
        String defaultTableName,
        String partitionKey,
        String sortKey,
        List<IndexLayout> indexes,
        StreamViewType streamView) {

    /**
     * The number of this layout. Layout 1 was the first released one (tools/table-verify's {@code FirstLayout}). It
     * grows with every change that a table written before cannot be read with: an index, or the format of a key or an
     * index attribute. A deployed table's default name carries it, so a new layout is deployed as a new table, which
     * the verify tool's {@code migrate} fills from the old one (docs/design.md §2, "Moving a table to a new layout").
     */
    public static final int ENTITY_VERSION = 2;

    public static final String BUSINESS_GSI = "businessGsi";
    public static final String CUSTOMER_ID_GSI = "customerIdGsi";
    public static final String SOURCE_GSI = "sourceGsi";
    public static final String GSI1 = "gsi1";

    /**
     * The table's time-to-live attribute: DynamoDB deletes an item some time (typically days) after the epoch second it
     * holds. Only idempotency records carry it. Turning it on changes no key or index, so it is no new layout.
     */
    public static final String TIME_TO_LIVE = Attributes.EXPIRES_AT;

    public static final TableLayout ENTITY = new TableLayout(
            "Entity",
            Attributes.ID,
            Attributes.TYPE,
            List.of(
                    // A business with everything under it; customers by name; orders by time. Write-sharded: a
                    // business is BusinessShards.COUNT partitions, read in parallel and merged.
                    IndexLayout.all(BUSINESS_GSI, Attributes.BUSINESS_SHARD, Attributes.TYPE),
                    // A customer's orders, newest first.
                    IndexLayout.all(CUSTOMER_ID_GSI, Attributes.CUSTOMER_ID, Attributes.TYPE),
                    // Inverted and sparse: every copy of a subject, and nothing else (only copies carry `source`).
                    // The fan-out needs keys and sourceVersion only.
                    IndexLayout.include(
                            SOURCE_GSI, Attributes.SOURCE, Attributes.ID, List.of(Attributes.SOURCE_VERSION)),
                    // Overloaded and sparse: stores by location, orders by status (write-sharded).
                    IndexLayout.all(GSI1, Attributes.GSI1_PK, Attributes.GSI1_SK)),
            StreamViewType.NEW_AND_OLD_IMAGES);

    public IndexLayout index(String name) {
        return indexes.stream()
                .filter(index -> index.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no index " + name));
    }

    /** Every attribute used as a key of the table or an index; all are strings. */
    public Set<String> keyAttributes() {
        Set<String> names = new LinkedHashSet<>(List.of(partitionKey, sortKey));
        for (IndexLayout index : indexes) {
            names.add(index.partitionKey());
            names.add(index.sortKey());
        }
        return names;
    }

    /**
     * The attributes that put a core item into an index: every index key other than the table's own and {@code source},
     * which only copies carry (sourceGsi indexes copies alone). Each entity's definition names the indexes it is in
     * ({@link Entity#indexAttributes}); a copy never carries one of these, or it would leak into an index.
     */
    public Set<String> coreIndexAttributes() {
        Set<String> names = new LinkedHashSet<>(keyAttributes());
        names.remove(partitionKey);
        names.remove(sortKey);
        names.remove(index(SOURCE_GSI).partitionKey());
        return Set.copyOf(names);
    }

    /**
     * How an existing table differs from this layout: key schema, indexes (keys and projections) and stream view, each
     * difference as one readable line; empty when the table has this layout. A table written by another layout would
     * be misread (an index missing, or keyed on other attributes), so it is refused rather than used.
     */
    public List<String> differencesFrom(TableDescription table) {
        List<String> differences = new ArrayList<>();
        if (!table.keySchema().equals(keySchema(partitionKey, sortKey))) {
            differences.add("the table's keys are " + describe(table.keySchema()) + ", this layout's are "
                    + describe(keySchema(partitionKey, sortKey)));
        }
        Map<String, GlobalSecondaryIndexDescription> existing = new TreeMap<>();
        table.globalSecondaryIndexes().forEach(index -> existing.put(index.indexName(), index));
        for (IndexLayout index : indexes) {
            GlobalSecondaryIndexDescription actual = existing.remove(index.name());
            if (actual == null) {
                differences.add("index " + index.name() + " is missing");
            } else if (!actual.keySchema().equals(keySchema(index.partitionKey(), index.sortKey()))
                    || actual.projection().projectionType() != index.projectionType()
                    || !Set.copyOf(actual.projection().nonKeyAttributes())
                            .equals(Set.copyOf(index.nonKeyAttributes()))) {
                differences.add("index " + index.name() + " is keyed " + describe(actual.keySchema()) + " projecting "
                        + actual.projection().projectionTypeAsString() + ", this layout keys it "
                        + describe(keySchema(index.partitionKey(), index.sortKey())) + " projecting "
                        + index.projectionType());
            }
        }
        existing.keySet().forEach(name -> differences.add("index " + name + " is not part of this layout"));
        StreamSpecification stream = table.streamSpecification();
        if (stream == null || !Boolean.TRUE.equals(stream.streamEnabled()) || stream.streamViewType() != streamView) {
            differences.add("the stream is not on with view " + streamView);
        }
        return differences;
    }

    private static String describe(List<KeySchemaElement> keys) {
        return keys.stream()
                .map(key -> key.attributeName() + " (" + key.keyTypeAsString() + ")")
                .toList()
                .toString();
    }

    /** The request that creates this table (on-demand, stream on) under the given name. */
    public CreateTableRequest createTableRequest(String tableName) {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(keyAttributes().stream()
                        .map(name -> AttributeDefinition.builder()
                                .attributeName(name)
                                .attributeType(ScalarAttributeType.S)
                                .build())
                        .toList())
                .keySchema(keySchema(partitionKey, sortKey))
                .globalSecondaryIndexes(indexes.stream()
                        .map(index -> GlobalSecondaryIndex.builder()
                                .indexName(index.name())
                                .keySchema(keySchema(index.partitionKey(), index.sortKey()))
                                .projection(index.projection())
                                .build())
                        .toList())
                .streamSpecification(StreamSpecification.builder()
                        .streamEnabled(true)
                        .streamViewType(streamView)
                        .build())
                .build();
    }

    private static List<KeySchemaElement> keySchema(String hash, String range) {
        return List.of(
                KeySchemaElement.builder()
                        .attributeName(hash)
                        .keyType(KeyType.HASH)
                        .build(),
                KeySchemaElement.builder()
                        .attributeName(range)
                        .keyType(KeyType.RANGE)
                        .build());
    }

    /** One global secondary index: its keys and what it projects. */
    public record IndexLayout(
            String name,
            String partitionKey,
            String sortKey,
            ProjectionType projectionType,
            List<String> nonKeyAttributes) {

        public static IndexLayout all(String name, String partitionKey, String sortKey) {
            return new IndexLayout(name, partitionKey, sortKey, ProjectionType.ALL, List.of());
        }

        public static IndexLayout include(String name, String partitionKey, String sortKey, List<String> attributes) {
            return new IndexLayout(name, partitionKey, sortKey, ProjectionType.INCLUDE, List.copyOf(attributes));
        }

        public Projection projection() {
            Projection.Builder projection = Projection.builder().projectionType(projectionType);
            if (!nonKeyAttributes.isEmpty()) {
                projection.nonKeyAttributes(nonKeyAttributes);
            }
            return projection.build();
        }
    }
}
