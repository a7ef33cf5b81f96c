package io.entitytable.api;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Starts the local DynamoDB engine in-process with the table created from the shared layout, and points the API at it. */
public class LocalDynamoResource implements QuarkusTestResourceLifecycleManager {
    static final String TABLE = "Entity";
    private LocalDynamoDb dynamo;

    @Override
    public Map<String, String> start() {
        dynamo = LocalDynamoDb.startInMemory();
        dynamo.createTable(TABLE);
        return Map.of(
                "quarkus.dynamodb.endpoint-override", dynamo.endpoint().toString(),
                "quarkus.dynamodb.aws.credentials.type", "static",
                "quarkus.dynamodb.aws.credentials.static-provider.access-key-id", "local",
                "quarkus.dynamodb.aws.credentials.static-provider.secret-access-key", "local",
                "entity-table.table-name", TABLE);
    }

    @Override
    public void stop() {
        if (dynamo != null) {
            dynamo.close();
        }
    }
}
