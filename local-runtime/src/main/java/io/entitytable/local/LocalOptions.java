package io.entitytable.local;

import io.entitytable.model.FunctionDefinition;
import io.entitytable.model.TableLayout;
import java.nio.file.Path;

/**
 * How to run the local system.
 *
 * @param repositoryRoot where the function zips are
 * @param dataFolder DynamoDB Local's files, the pump's checkpoints, dead letters, unzipped functions, the token issuer's
 *     key
 * @param inMemory keep the table in memory (and the stream checkpoints with it) instead of in the data folder; the
 *     token issuer's key stays in the data folder, so tokens of the {@code token} command work either way
 * @param sqsPort the local SQS (ElasticMQ) port; 0 picks a free one
 */
public record LocalOptions(
        Path repositoryRoot,
        Path dataFolder,
        boolean inMemory,
        int apiPort,
        int dynamoDbPort,
        String tableName,
        int sqsPort) {
    public static final int API_PORT = 8080;
    public static final int DYNAMODB_PORT = 8000;
    public static final int SQS_PORT = 9324;

    /** Options with SQS on a free port, so that several systems (tests) can run side by side. */
    public LocalOptions(
            Path repositoryRoot, Path dataFolder, boolean inMemory, int apiPort, int dynamoDbPort, String tableName) {
        this(repositoryRoot, dataFolder, inMemory, apiPort, dynamoDbPort, tableName, 0);
    }

    public static final String DATA_FOLDER = ".local-data";
    static final String AUTH_FOLDER = "auth";

    public static LocalOptions defaults(Path repositoryRoot) {
        return new LocalOptions(
                repositoryRoot,
                repositoryRoot.resolve(DATA_FOLDER),
                false,
                API_PORT,
                DYNAMODB_PORT,
                TableLayout.ENTITY.defaultTableName(),
                SQS_PORT);
    }

    /** The API's committed OpenAPI document, which the front door shows under {@code /docs}. */
    public Path openApiDocument() {
        return repositoryRoot.resolve(FunctionDefinition.API.module()).resolve("openapi.json");
    }

    public Path zipOf(FunctionDefinition function) {
        return repositoryRoot.resolve(function.zipPath());
    }

    public Path deadLetterFolder() {
        return dataFolder.resolve("dlq");
    }

    public Path checkpointFile() {
        return dataFolder.resolve("stream-pump").resolve("checkpoints.json");
    }

    public Path databaseFolder() {
        return dataFolder.resolve("dynamodb");
    }

    /** Where the local token issuer keeps its signing key ({@code LocalIssuer}). */
    public Path authFolder() {
        return dataFolder.resolve(AUTH_FOLDER);
    }

    public Path taskRoot(FunctionDefinition function) {
        return dataFolder.resolve("functions").resolve(function.name());
    }
}
