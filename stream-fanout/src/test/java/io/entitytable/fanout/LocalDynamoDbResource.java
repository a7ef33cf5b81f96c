package io.entitytable.fanout;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.TableLayout;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Starts the local DynamoDB engine in-process with the {@code Entity} table and points Quarkus's DynamoDB client at it. */
public class LocalDynamoDbResource implements QuarkusTestResourceLifecycleManager {
    private LocalDynamoDb local;

    @Override
    public Map<String, String> start() {
        local = LocalDynamoDb.startInMemory();
        local.createTable(TableLayout.ENTITY.defaultTableName());
        return Map.of(
                "quarkus.dynamodb.endpoint-override", local.endpoint().toString(),
                "quarkus.dynamodb.aws.region", LocalDynamoDb.REGION.id(),
                "quarkus.dynamodb.aws.credentials.type", "static",
                "quarkus.dynamodb.aws.credentials.static-provider.access-key-id", "local",
                "quarkus.dynamodb.aws.credentials.static-provider.secret-access-key", "local");
    }

    @Override
    public void stop() {
        if (local != null) {
            local.close();
        }
    }
}
