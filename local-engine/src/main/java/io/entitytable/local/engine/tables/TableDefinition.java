package io.entitytable.local.engine.tables;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a table is: name, key, attribute definitions, indexes, billing, stream and time-to-live settings. Immutable; an
 * UpdateTable makes a new one. The lists are copied, so a caller may pass a list it goes on changing.
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

    public TableDefinition {
        globalIndexes = List.copyOf(globalIndexes);
        localIndexes = List.copyOf(localIndexes);
        streams = List.copyOf(streams);
    }

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
        return edited(draft -> {
            draft.globalIndexes = indexes;
            draft.attributeDefinitions = definitions;
        });
    }

    public TableDefinition withStreams(List<StreamInfo> newStreams) {
        return edited(draft -> draft.streams = newStreams);
    }

    public TableDefinition withBilling(String mode, ObjectNode throughput) {
        return edited(draft -> {
            draft.billingMode = mode;
            draft.provisionedThroughput = throughput;
        });
    }

    public TableDefinition withTimeToLive(String attribute) {
        return edited(draft -> draft.timeToLive = attribute);
    }

    public TableDefinition withDeletionProtection(boolean enabled) {
        return edited(draft -> draft.deletionProtection = enabled);
    }

    /** This definition with what {@code change} sets in a draft of it; the rest stays as it is. */
    private TableDefinition edited(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.definition();
    }

    /** The components an UpdateTable (or a stream or time-to-live change) may set; the others never change. */
    private static final class Draft {
        private final TableDefinition original;
        Map<String, String> attributeDefinitions;
        List<IndexDefinition> globalIndexes;
        String billingMode;
        ObjectNode provisionedThroughput;
        List<StreamInfo> streams;
        String timeToLive;
        boolean deletionProtection;

        Draft(TableDefinition original) {
            this.original = original;
            attributeDefinitions = original.attributeDefinitions;
            globalIndexes = original.globalIndexes;
            billingMode = original.billingMode;
            provisionedThroughput = original.provisionedThroughput;
            streams = original.streams;
            timeToLive = original.timeToLive;
            deletionProtection = original.deletionProtection;
        }

        TableDefinition definition() {
            return new TableDefinition(
                    original.name,
                    original.tableId,
                    original.key,
                    attributeDefinitions,
                    globalIndexes,
                    original.localIndexes,
                    billingMode,
                    provisionedThroughput,
                    original.creationMillis,
                    streams,
                    timeToLive,
                    deletionProtection);
        }
    }
}
