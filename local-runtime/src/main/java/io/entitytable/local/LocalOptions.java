package io.entitytable.local;

import static io.entitytable.local.BindAddress.LOOPBACK;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.model.TableLayout;
import java.nio.file.Path;

/**
 * How to run the local system.
 *
 * @param repositoryRoot where the function zips are
 * @param dataFolder the local DynamoDB engine's files, the pump's checkpoints, dead letters, unzipped functions, the token issuer's
 *     key
 * @param inMemory keep the table in memory (and the stream checkpoints with it) instead of in the data folder; the
 *     token issuer's key stays in the data folder, so tokens of the {@code token} command work either way
 * @param sqsPort the local SQS (ElasticMQ) port; 0 picks a free one
 * @param search run the search engine and the search indexer (when the indexer is built)
 * @param searchPort the search engine's HTTP port; 0 picks a free one
 * @param archive run the local S3 server with the order archive's bucket, and name it to every function
 * @param s3Port the local S3 server's port; 0 picks a free one
 * @param apiBindAddress where the API front door listens: loopback unless {@code start --bind-address} widens it; every
 *     other listener stays on loopback whatever it is
 * @param moveTarget the table an online move takes the table to ({@code start --move-to}), created beside it and named
 *     to the API as its {@code MOVE_TARGET_TABLE}; null when no move is under way
 * @param apiInstances how many execution environments of the API function serve the front door ({@code start
 *     --api-instances}): one by default; more, as Lambda runs under concurrent requests, each a JVM with its own caches
 *     and request-limit leases
 */
public record LocalOptions(
        Path repositoryRoot,
        Path dataFolder,
        boolean inMemory,
        int apiPort,
        int dynamoDbPort,
        String tableName,
        int sqsPort,
        boolean search,
        int searchPort,
        boolean archive,
        int s3Port,
        BindAddress apiBindAddress,
        String moveTarget,
        int apiInstances) {
    public static final int API_PORT = 8080;
    /** The most API instances a local system starts: each is a JVM of a few hundred megabytes. */
    public static final int MAX_API_INSTANCES = 16;

    public LocalOptions {
        if (apiInstances < 1 || apiInstances > MAX_API_INSTANCES) {
            throw new IllegalArgumentException(
                    "API instances must be from 1 to " + MAX_API_INSTANCES + ", not " + apiInstances);
        }
    }

    public static final int DYNAMODB_PORT = 8000;
    public static final int SQS_PORT = 9324;
    public static final int SEARCH_PORT = 9200;
    public static final int S3_PORT = 9000;

    /**
     * Options with SQS on a free port and without search or S3, so that several systems (tests) can run side by side:
     * a search engine costs a JVM of its own and the S3 server a second or two of every start, which only the tests
     * that use them pay ({@link #withSearch}, {@link #withArchive}). The front door listens on loopback.
     */
    public LocalOptions(
            Path repositoryRoot, Path dataFolder, boolean inMemory, int apiPort, int dynamoDbPort, String tableName) {
        this(
                repositoryRoot,
                dataFolder,
                inMemory,
                apiPort,
                dynamoDbPort,
                tableName,
                0,
                false,
                0,
                false,
                0,
                LOOPBACK,
                null,
                1);
    }

    /** These options with the search engine (on a free port when {@code port} is 0) and the search indexer. */
    public LocalOptions withSearch(int port) {
        return with(true, port, archive, s3Port, moveTarget, apiInstances);
    }

    /**
     * These options with the local S3 server (on a free port when {@code port} is 0) holding the order archive's
     * bucket, named to every function.
     */
    public LocalOptions withArchive(int port) {
        return with(search, searchPort, true, port, moveTarget, apiInstances);
    }

    /** These options with the API routing each business to this table or {@code target}, as its route says. */
    public LocalOptions withMoveTarget(String target) {
        return with(search, searchPort, archive, s3Port, target, apiInstances);
    }

    /** These options with {@code instances} execution environments of the API function. */
    public LocalOptions withApiInstances(int instances) {
        return with(search, searchPort, archive, s3Port, moveTarget, instances);
    }

    private LocalOptions with(
            boolean search, int searchPort, boolean archive, int s3Port, String moveTarget, int apiInstances) {
        return new LocalOptions(
                repositoryRoot,
                dataFolder,
                inMemory,
                apiPort,
                dynamoDbPort,
                tableName,
                sqsPort,
                search,
                searchPort,
                archive,
                s3Port,
                apiBindAddress,
                moveTarget,
                apiInstances);
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
                SQS_PORT,
                true,
                SEARCH_PORT,
                true,
                S3_PORT,
                BindAddress.LOOPBACK,
                null,
                1);
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

    /** The search engine's data; with {@link #inMemory} a scratch folder, emptied at every start. */
    public Path searchFolder() {
        return dataFolder.resolve(inMemory ? "search-scratch" : "search");
    }

    /**
     * The local S3 server's folder (the archive's objects and the key requests are signed with); with {@link #inMemory}
     * a scratch folder, emptied at every start.
     */
    public Path s3Folder() {
        return s3Folder(inMemory);
    }

    /** The local S3 server's folder of a system on this data folder with its table kept, or in memory. */
    public Path s3Folder(boolean inMemory) {
        return dataFolder.resolve(inMemory ? "s3-scratch" : "s3");
    }

    public Path indexerCheckpointFile() {
        return dataFolder.resolve("search-pump").resolve("checkpoints.json");
    }

    /** Where the local SQS keeps its queues and messages (not used with {@code --in-memory}). */
    public Path sqsFolder() {
        return dataFolder.resolve("sqs");
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
