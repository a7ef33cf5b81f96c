package io.entitytable.local.engine.conformance.tables;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The tables of one conformance class: made through the SDK like any client's, waited for until ACTIVE (DynamoDB makes
 * them asynchronously), and all deleted by {@link #deleteAll()} in the class's {@code @AfterAll}. Also the small
 * builders of keys, items and table requests the cases share.
 */
public final class ConformanceTables implements AutoCloseable {
    /** How long an asynchronous change of DynamoDB (a table, an index backfill, a stream record) may take. */
    public static final Duration DEADLINE = Duration.ofMinutes(ConformanceEndpoint.remote() ? 10 : 1);

    private final DynamoDbClient dynamo;
    private final List<String> created = new ArrayList<>();

    public ConformanceTables(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
    }

    public DynamoDbClient dynamo() {
        return dynamo;
    }

    /** Creates the table, remembers it for {@link #deleteAll()}, and waits until it is ACTIVE. */
    public TableDescription create(CreateTableRequest request) {
        createOnly(request);
        return awaitActive(request.tableName());
    }

    /** Creates the table and remembers it, without waiting; the answer is CreateTable's. */
    public TableDescription createOnly(CreateTableRequest request) {
        synchronized (created) {
            created.add(request.tableName());
        }
        return dynamo.createTable(request).tableDescription();
    }

    /** A table of one string hash key {@code pk}, on demand, made and ACTIVE. */
    public String hashTable(String purpose) {
        String name = ConformanceEndpoint.tableName(purpose);
        create(hashKeyTable(name, "pk", ScalarAttributeType.S).build());
        return name;
    }

    /** A table of string hash key {@code pk} and string range key {@code sk}, on demand, made and ACTIVE. */
    public String hashRangeTable(String purpose) {
        String name = ConformanceEndpoint.tableName(purpose);
        create(hashRangeKeyTable(name, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S)
                .build());
        return name;
    }

    /** A table of one string hash key {@code pk} with a stream of the given view, made and ACTIVE. */
    public TableDescription streamTable(String purpose, StreamViewType viewType) {
        String name = ConformanceEndpoint.tableName(purpose);
        return create(hashKeyTable(name, "pk", ScalarAttributeType.S)
                .streamSpecification(StreamSpecification.builder()
                        .streamEnabled(true)
                        .streamViewType(viewType)
                        .build())
                .build());
    }

    public TableDescription awaitActive(String table) {
        return await("table " + table + " ACTIVE with every index ACTIVE", () -> {
            TableDescription description =
                    dynamo.describeTable(b -> b.tableName(table)).table();
            boolean ready = description.tableStatus() == TableStatus.ACTIVE
                    && description.globalSecondaryIndexes().stream()
                            .allMatch(index -> index.indexStatus() == IndexStatus.ACTIVE);
            return ready ? description : null;
        });
    }

    public void awaitGone(String table) {
        await("table " + table + " deleted", () -> {
            try {
                dynamo.describeTable(b -> b.tableName(table));
                return null;
            } catch (ResourceNotFoundException gone) {
                return Boolean.TRUE;
            }
        });
    }

    /** Deletes every table this instance made (those already deleted are skipped). */
    public void deleteAll() {
        List<String> names;
        synchronized (created) {
            names = new ArrayList<>(created);
            created.clear();
        }
        for (String name : names) {
            try {
                dynamo.deleteTable(b -> b.tableName(name));
            } catch (ResourceNotFoundException alreadyGone) {
                // deleted by the case itself
            } catch (RuntimeException busy) {
                // e.g. still CREATING or UPDATING on DynamoDB: try once more when it settles
                try {
                    awaitActive(name);
                    dynamo.deleteTable(b -> b.tableName(name));
                } catch (RuntimeException ignored) {
                    // best effort: a leftover table costs nothing on the local engine
                }
            }
        }
    }

    @Override
    public void close() {
        deleteAll();
        dynamo.close();
    }

    /**
     * Polls {@code probe} until it answers non-null, backing off from 20 ms to 1 s between attempts, and fails after
     * {@link #DEADLINE}: how a case waits for what DynamoDB does asynchronously, without a fixed sleep.
     */
    public static <T> T await(String what, Supplier<T> probe) {
        Instant deadline = Instant.now().plus(DEADLINE);
        long pause = 20;
        while (true) {
            T answer = probe.get();
            if (answer != null) {
                return answer;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("gave up waiting for " + what + " after " + DEADLINE);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
            pause = Math.min(1000, pause * 2);
        }
    }

    public static CreateTableRequest.Builder hashKeyTable(String name, String hash, ScalarAttributeType type) {
        return CreateTableRequest.builder()
                .tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition(hash, type))
                .keySchema(hashKey(hash));
    }

    public static CreateTableRequest.Builder hashRangeKeyTable(
            String name, String hash, ScalarAttributeType hashType, String range, ScalarAttributeType rangeType) {
        return CreateTableRequest.builder()
                .tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(definition(hash, hashType), definition(range, rangeType))
                .keySchema(hashKey(hash), rangeKey(range));
    }

    public static GlobalSecondaryIndex gsi(String name, String hash, String range, Projection projection) {
        GlobalSecondaryIndex.Builder index =
                GlobalSecondaryIndex.builder().indexName(name).projection(projection);
        return range == null
                ? index.keySchema(hashKey(hash)).build()
                : index.keySchema(hashKey(hash), rangeKey(range)).build();
    }

    public static Projection projectAll() {
        return Projection.builder().projectionType(ProjectionType.ALL).build();
    }

    public static Projection projectKeysOnly() {
        return Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build();
    }

    public static Projection projectInclude(String... attributes) {
        return Projection.builder()
                .projectionType(ProjectionType.INCLUDE)
                .nonKeyAttributes(attributes)
                .build();
    }

    public static AttributeDefinition definition(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    public static KeySchemaElement hashKey(String name) {
        return KeySchemaElement.builder()
                .attributeName(name)
                .keyType(KeyType.HASH)
                .build();
    }

    public static KeySchemaElement rangeKey(String name) {
        return KeySchemaElement.builder()
                .attributeName(name)
                .keyType(KeyType.RANGE)
                .build();
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    public static AttributeValue b(byte... value) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(value));
    }

    /** An item (or key) from name, value pairs, in the order given. */
    public static Map<String, AttributeValue> item(Object... namesAndValues) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            Object value = namesAndValues[i + 1];
            item.put(
                    (String) namesAndValues[i],
                    value instanceof AttributeValue attribute
                            ? attribute
                            : value instanceof Number number ? n(number.longValue()) : s(value.toString()));
        }
        return item;
    }

    /** A string of {@code length} ASCII characters, for items of a known size. */
    public static String text(int length) {
        return "x".repeat(length);
    }
}
