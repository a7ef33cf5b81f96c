package io.entitytable.bench;

import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * A table of a harness's own with its stream off: what the harness writes there makes no work for the pump, the
 * fan-out or the indexer, so it measures only what it means to.
 */
final class StreamlessTable {
    private StreamlessTable() {}

    /** Creates the table when missing, and turns its stream off when it is on. */
    static void create(DynamoDbClient dynamo, String table) {
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, table);
        StreamSpecification stream = dynamo.describeTable(request -> request.tableName(table))
                .table()
                .streamSpecification();
        if (stream != null && Boolean.TRUE.equals(stream.streamEnabled())) {
            dynamo.updateTable(request -> request.tableName(table)
                    .streamSpecification(
                            StreamSpecification.builder().streamEnabled(false).build()));
        }
    }
}
