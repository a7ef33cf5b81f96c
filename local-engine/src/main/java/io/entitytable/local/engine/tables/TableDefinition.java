package io.entitytable.local.engine.tables;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * What a table is: name, key, attribute definitions, indexes, billing, stream and time-to-live settings. Immutable; an
 * UpdateTable makes a new one.
 *
 * @param name the table's name
 * @param tableId a unique id, as DynamoDB gives each table
 * @param key the table's key
 * @param attributeDefinitions every key attribute of the table and its indexes, with its type, in the order given
 * @param globalIndexes global secondary indexes
 * @param localIndexes local secondary indexes
 * @param billingMode {@code PAY_PER_REQUEST} or {@code PROVISIONED}
 * @param provisionedThroughput read and write capacity units as given (zero on demand)
 * @param creationMillis when the table was created
 * @param streams every stream the table has had, the latest last
 * @param timeToLive the time-to-live attribute, or null when time to live is disabled
 * @param deletionProtection whether DeleteTable is refused
 */
public record TableDefinition(
        String name,
        String tableId,
        KeySchema key,
        Map<String, String> attributeDefinitions,
        List<IndexDefinition> globalIndexes,
        List<IndexDefinition> localIndexes,
        String billingMode,
        ObjectNode provisionedThroughput,
        long creationMillis,
        List<StreamInfo> streams,
        String timeToLive,
        boolean deletionProtection) {

    public static final String REGION = "us-east-1";
    public static final String ACCOUNT = "000000000000";

    public String arn() {
        return arn(name);
    }

    public static String arn(String tableName) {
        return "arn:aws:dynamodb:" + REGION + ":" + ACCOUNT + ":table/" + tableName;
    }

    /** The index named {@code indexName} (global or local), or null. */
    public IndexDefinition index(String indexName) {
        for (IndexDefinition index : globalIndexes) {
            if (index.name().equals(indexName)) {
                return index;
            }
        }
        for (IndexDefinition index : localIndexes) {
            if (index.name().equals(indexName)) {
                return index;
            }
        }
        return null;
    }

    /** The latest stream, or null when the table never had one. */
    public StreamInfo latestStream() {
        return streams.isEmpty() ? null : streams.get(streams.size() - 1);
    }

    /** The enabled stream, or null. */
    public StreamInfo enabledStream() {
        StreamInfo latest = latestStream();
        return latest != null && latest.enabled() ? latest : null;
    }

    public TableDefinition withGlobalIndexes(List<IndexDefinition> indexes, Map<String, String> definitions) {
        return new TableDefinition(
                name,
                tableId,
                key,
                definitions,
                List.copyOf(indexes),
                localIndexes,
                billingMode,
                provisionedThroughput,
                creationMillis,
                streams,
                timeToLive,
                deletionProtection);
    }

    public TableDefinition withStreams(List<StreamInfo> newStreams) {
        return new TableDefinition(
                name,
                tableId,
                key,
                attributeDefinitions,
                globalIndexes,
                localIndexes,
                billingMode,
                provisionedThroughput,
                creationMillis,
                List.copyOf(newStreams),
                timeToLive,
                deletionProtection);
    }

    public TableDefinition withBilling(String mode, ObjectNode throughput) {
        return new TableDefinition(
                name,
                tableId,
                key,
                attributeDefinitions,
                globalIndexes,
                localIndexes,
                mode,
                throughput,
                creationMillis,
                streams,
                timeToLive,
                deletionProtection);
    }

    public TableDefinition withTimeToLive(String attribute) {
        return new TableDefinition(
                name,
                tableId,
                key,
                attributeDefinitions,
                globalIndexes,
                localIndexes,
                billingMode,
                provisionedThroughput,
                creationMillis,
                streams,
                attribute,
                deletionProtection);
    }

    public TableDefinition withDeletionProtection(boolean enabled) {
        return new TableDefinition(
                name,
                tableId,
                key,
                attributeDefinitions,
                globalIndexes,
                localIndexes,
                billingMode,
                provisionedThroughput,
                creationMillis,
                streams,
                timeToLive,
                enabled);
    }
}
