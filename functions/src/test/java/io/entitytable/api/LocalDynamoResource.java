package io.entitytable.api;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts the local DynamoDB engine in-process with the table created from the shared layout, and points the API at it:
 * one engine for every test of an application (a test profile), behaving as DynamoDB does ({@link
 * LocalDynamoDb#DEFAULT_SETTINGS}): its indexes lag a few milliseconds behind the table, so a test whose GIVEN is "these
 * subjects are listed" waits for them ({@link ApiTestSupport#awaitIndexesCaughtUp}).
 */
public class LocalDynamoResource implements QuarkusTestResourceLifecycleManager {
    static final String TABLE = "Entity";

    /** The engine now running, for tests that steer it ({@link #control()}). */
    private static volatile LocalDynamoDb running;

    private LocalDynamoDb dynamo;

    @Override
    public Map<String, String> start() {
        dynamo = LocalDynamoDb.startInMemory();
        dynamo.createTable(TABLE);
        running = dynamo;
        return Map.of(
                "quarkus.dynamodb.endpoint-override", dynamo.endpoint().toString(),
                "quarkus.dynamodb.aws.credentials.type", "static",
                "quarkus.dynamodb.aws.credentials.static-provider.access-key-id", "local",
                "quarkus.dynamodb.aws.credentials.static-provider.secret-access-key", "local",
                "entity-table.table-name", TABLE);
    }

    /** What a test steers of the running engine: its index lag, holds of an index. */
    static EngineControl control() {
        LocalDynamoDb current = running;
        if (current == null) {
            throw new IllegalStateException("no local DynamoDB engine is running for this test");
        }
        return current.control();
    }

    @Override
    public void stop() {
        if (dynamo != null) {
            if (running == dynamo) {
                running = null;
            }
            dynamo.close();
        }
    }
}
