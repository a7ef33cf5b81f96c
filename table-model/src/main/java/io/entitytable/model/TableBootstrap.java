package io.entitytable.model;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Creates the table from {@link TableLayout#ENTITY} where it does not exist yet (DynamoDB Local, tests), and refuses
 * one that exists with another layout: an older data folder is never silently misread.
 */
public final class TableBootstrap {
    private TableBootstrap() {}

    /**
     * Creates the table unless it exists and waits until it is active; returns true when it was created.
     *
     * @throws LayoutMismatchException when the table exists with keys, indexes or a stream other than the layout's
     */
    public static boolean createIfMissing(DynamoDbClient dynamo, TableLayout layout, String tableName) {
        TableDescription existing = describe(dynamo, tableName);
        if (existing != null) {
            List<String> differences = layout.differencesFrom(existing);
            if (!differences.isEmpty()) {
                throw new LayoutMismatchException(tableName, differences);
            }
            return false;
        }
        dynamo.createTable(layout.createTableRequest(tableName));
        dynamo.waiter()
                .waitUntilTableExists(
                        DescribeTableRequest.builder().tableName(tableName).build());
        return true;
    }

    private static TableDescription describe(DynamoDbClient dynamo, String tableName) {
        try {
            return dynamo.describeTable(
                            DescribeTableRequest.builder().tableName(tableName).build())
                    .table();
        } catch (ResourceNotFoundException e) {
            return null;
        }
    }

    /** A table that exists with another layout than this version of the code reads and writes. */
    public static final class LayoutMismatchException extends IllegalStateException {
        public LayoutMismatchException(String tableName, List<String> differences) {
            super("Table " + tableName + " was written by another layout of the Entity table, which this version"
                    + " cannot read: " + String.join("; ", differences)
                    + ". Start with a new data folder, or migrate the table to this layout.");
        }
    }
}
