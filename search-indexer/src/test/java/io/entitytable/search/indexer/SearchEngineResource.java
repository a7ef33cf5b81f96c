package io.entitytable.search.indexer;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.TableLayout;
import io.entitytable.search.local.SharedSearchEngine;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The indexer's surroundings for a Quarkus test: the shared search engine as {@code SEARCH_ENDPOINT} (the project's
 * own index and alias on it), and the local DynamoDB engine with the {@code Entity} table for order lines.
 */
public class SearchEngineResource implements QuarkusTestResourceLifecycleManager {
    private LocalDynamoDb local;

    @Override
    public Map<String, String> start() {
        local = LocalDynamoDb.startInMemory();
        local.createTable(TableLayout.ENTITY.defaultTableName());
        return Map.of(
                EnvironmentVariable.SEARCH_ENDPOINT.variable(),
                SharedSearchEngine.get().endpoint().toString(),
                "quarkus.dynamodb.endpoint-override",
                local.endpoint().toString(),
                "quarkus.dynamodb.aws.region",
                LocalDynamoDb.REGION.id(),
                "quarkus.dynamodb.aws.credentials.type",
                "static",
                "quarkus.dynamodb.aws.credentials.static-provider.access-key-id",
                "local",
                "quarkus.dynamodb.aws.credentials.static-provider.secret-access-key",
                "local");
    }

    @Override
    public void stop() {
        if (local != null) {
            local.close();
        }
    }
}
