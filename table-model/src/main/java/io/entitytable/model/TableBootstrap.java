package io.entitytable.model;

import io.entitytable.model.backfill.BackfillProgressItems;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates the table from {@link TableLayout#ENTITY} where it does not exist yet (the local DynamoDB engine, tests), and refuses
 * one that exists with another layout: an older data folder is never silently misread. The refusal names the command
 * that moves the table to this layout (the verify tool's {@code migrate}, docs/design.md §2 "Moving a table to a new
 * layout"). A table it creates has every index backfill ready: nothing was written to it before the patterns.
 */
public final class TableBootstrap {
    /** The migrate command of the verify tool, as run from the repository root once it is built. */
    public static final String MIGRATE = "java -jar tools/table-verify/target/table-verify.jar migrate";

    private TableBootstrap() {}

    /**
     * Creates the table unless it exists and waits until it is active; returns true when it was created.
     *
     * @throws LayoutMismatchException when the table exists with keys, indexes or a stream other than the layout's
     */
    public static boolean createIfMissing(DynamoDbClient dynamo, TableLayout layout, String tableName) {
        return createIfMissing(dynamo, layout, tableName, migrateCommand(dynamo, tableName));
    }

    /**
     * As {@link #createIfMissing(DynamoDbClient, TableLayout, String)}, naming {@code migrateCommand} when the table
     * has another layout (the caller knows best how the table can be reached once it has stopped).
     */
    public static boolean createIfMissing(
            DynamoDbClient dynamo, TableLayout layout, String tableName, String migrateCommand) {
        TableDescription existing = describe(dynamo, tableName);
        if (existing != null) {
            List<String> differences = layout.differencesFrom(existing);
            if (!differences.isEmpty()) {
                throw new LayoutMismatchException(tableName, differences, migrateCommand);
            }
            return false;
        }
        dynamo.createTable(layout.createTableRequest(tableName));
        dynamo.waiter()
                .waitUntilTableExists(
                        DescribeTableRequest.builder().tableName(tableName).build());
        if (layout == TableLayout.ENTITY) {
            new BackfillProgressItems(dynamo, tableName).markReadyOnNewTable(Instant.now());
        }
        return true;
    }

    /** The attribute {@code tableName}'s time to live expires items by, when it is on (or being switched on). */
    public static Optional<String> timeToLive(DynamoDbClient dynamo, String tableName) {
        TimeToLiveDescription description = dynamo.describeTimeToLive(request -> request.tableName(tableName))
                .timeToLiveDescription();
        boolean on = description != null
                && (description.timeToLiveStatus() == TimeToLiveStatus.ENABLED
                        || description.timeToLiveStatus() == TimeToLiveStatus.ENABLING);
        return on ? Optional.ofNullable(description.attributeName()) : Optional.empty();
    }

    /**
     * Switches {@code tableName}'s time to live on, on {@code attribute}, unless it is on already: CreateTable takes
     * none, and the stack sets it beside the table.
     */
    public static void expireItems(DynamoDbClient dynamo, String tableName, String attribute) {
        if (timeToLive(dynamo, tableName).isEmpty()) {
            dynamo.updateTimeToLive(request -> request.tableName(tableName)
                    .timeToLiveSpecification(ttl -> ttl.attributeName(attribute).enabled(true)));
        }
    }

    /**
     * The migration of a table served where {@code dynamo} points: in place at an endpoint (the local DynamoDB engine, where a
     * table cannot be renamed), into a new table on AWS.
     */
    public static String migrateCommand(DynamoDbClient dynamo, String tableName) {
        return dynamo.serviceClientConfiguration()
                .endpointOverride()
                .map(endpoint -> MIGRATE + " --endpoint " + endpoint + " --from " + tableName + " --to " + tableName
                        + " --in-place")
                .orElseGet(() -> MIGRATE + " --region "
                        + dynamo.serviceClientConfiguration().region() + " --from " + tableName
                        + " --to <a new table of this layout>");
    }

    /**
     * The migration of a table kept in the local DynamoDB engine's data folder {@code folder}, with no engine running
     * on it: the command opens the folder itself.
     */
    public static String migrateCommand(Path folder, String tableName) {
        String path = folder.toString();
        String quoted = path.matches("[A-Za-z0-9._/:=@+-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
        return MIGRATE + " --data " + quoted + " --from " + tableName + " --to " + tableName + " --in-place";
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
        private final String migrateCommand;

        public LayoutMismatchException(String tableName, List<String> differences, String migrateCommand) {
            super("Table " + tableName + " was written by another layout of the Entity table, which this version"
                    + " cannot read: " + String.join("; ", differences)
                    + ". Move it to this layout (writes stopped, the tool built with mvn -B -q package -DskipTests"
                    + " -pl tools/table-verify -am) with: " + migrateCommand
                    + " ; or start with a new data folder.");
            this.migrateCommand = migrateCommand;
        }

        /** The command the message names. */
        public String migrateCommand() {
            return migrateCommand;
        }
    }
}
