package io.entitytable.model;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** Creates the table from {@link TableLayout#ENTITY} where it does not exist yet (DynamoDB Local, tests). */
public final class TableBootstrap {
    private TableBootstrap() {}

    /** Creates the table unless it exists and waits until it is active; returns true when it was created. */
    public static boolean createIfMissing(DynamoDbClient dynamo, TableLayout layout, String tableName) {
        if (exists(dynamo, tableName)) {
            return false;
        }
        dynamo.createTable(layout.createTableRequest(tableName));
        dynamo.waiter()
                .waitUntilTableExists(
                        DescribeTableRequest.builder().tableName(tableName).build());
        return true;
    }

    private static boolean exists(DynamoDbClient dynamo, String tableName) {
        try {
            dynamo.describeTable(
                    DescribeTableRequest.builder().tableName(tableName).build());
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }
}
