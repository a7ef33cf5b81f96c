package io.entitytable.local.dynamodb;

import io.entitytable.local.engine.LocalEngine;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The local DynamoDB engine ({@code local-engine}) running in this JVM, with the {@code Entity} table created from {@link
 * TableLayout#ENTITY}. It serves DynamoDB's and DynamoDB Streams' protocol on a loopback port, so the SDK, the AWS CLI
 * and other processes (the functions' JVMs, the tools) reach the same tables over HTTP.
 */
public final class LocalDynamoDb implements AutoCloseable {
    /** The engine accepts any credentials; these keep the SDK's credential chain out of the way. */
    public static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    public static final Region REGION = Region.US_EAST_1;

    /** The behaviours of an engine started without settings. */
    public static final EngineSettings DEFAULT_SETTINGS = EngineSettings.asDynamoDb();

    /** Ports {@link #freePort()} has handed out in this JVM. */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private static final Random RANDOM = new Random();

    private final LocalEngine engine;
    private final Path dataDirectory;

    private LocalDynamoDb(LocalEngine engine, Path dataDirectory) {
        this.engine = engine;
        this.dataDirectory = dataDirectory;
    }

    /** An in-memory engine on a free port with {@link #DEFAULT_SETTINGS}: what tests use. */
    public static LocalDynamoDb startInMemory() {
        return start(0, null);
    }

    /** An in-memory engine on a free port with the behaviours {@code settings} switch on: a test that needs one off. */
    public static LocalDynamoDb startInMemory(EngineSettings settings) {
        return start(0, null, settings);
    }

    /**
     * Starts the engine on {@code port} of the loopback address ({@code 0}: a free one), keeping data under {@code
     * dataDirectory} (in memory when null). The table is made by {@link #createTable(String)}.
     *
     * <p>The engine answers any credentials, so whoever reaches it can read and delete every table: it listens on the
     * loopback address only, answers only requests addressed to a loopback name, and grants no web origin.
     */
    public static LocalDynamoDb start(int port, Path dataDirectory) {
        return start(port, dataDirectory, DEFAULT_SETTINGS);
    }

    /** Starts the engine as {@link #start(int, Path)} does, with the behaviours {@code settings} switch on. */
    public static LocalDynamoDb start(int port, Path dataDirectory, EngineSettings settings) {
        return new LocalDynamoDb(LocalEngine.start(port, dataDirectory, settings), dataDirectory);
    }

    /** What tests steer and observe in-process: index holds and lags, throttling counts, the expiry sweeper. */
    public EngineControl control() {
        return engine.control();
    }

    /** The engine's name and version, for a start line. */
    public static String engineName() {
        return LocalEngine.NAME + " " + LocalEngine.VERSION;
    }

    /**
     * Creates the table from the shared layout unless it exists; returns true when it was created. A table of another
     * layout is refused with the command that migrates it: for a data folder, the one that opens the folder itself,
     * since this engine stops with whoever refused it.
     */
    public boolean createTable(String tableName) {
        try (DynamoDbClient client = client()) {
            return dataDirectory == null
                    ? TableBootstrap.createIfMissing(client, TableLayout.ENTITY, tableName)
                    : TableBootstrap.createIfMissing(
                            client,
                            TableLayout.ENTITY,
                            tableName,
                            TableBootstrap.migrateCommand(dataDirectory, tableName));
        }
    }

    /**
     * Switches the layout's time to live on for {@code tableName}, as the deployed stack's table has it, so that the
     * local system expires idempotency records and rate buckets as AWS does (the engine sweeps every second). Kept out
     * of {@link #createTable}: tests that write items with an expiry in the past read them before any sweep.
     */
    public void expireItems(String tableName) {
        try (DynamoDbClient client = client()) {
            TableBootstrap.expireItems(client, tableName, TableLayout.TIME_TO_LIVE);
        }
    }

    public URI endpoint() {
        return engine.endpoint();
    }

    public DynamoDbClient client() {
        return pointedHere(DynamoDbClient.builder()).build();
    }

    /** A client whose every call, each attempt included, passes through {@code interceptor}: faults a run injects. */
    public DynamoDbClient client(ExecutionInterceptor interceptor) {
        return pointedHere(DynamoDbClient.builder())
                .overrideConfiguration(config -> config.addExecutionInterceptor(interceptor))
                .build();
    }

    public DynamoDbStreamsClient streamsClient() {
        return pointedHere(DynamoDbStreamsClient.builder()).build();
    }

    /**
     * Every record {@code tableName}'s stream holds, in stream order, each shard read from its trim horizon until a read
     * returns nothing: what a test replays through the fan-out as the stream trigger would deliver it.
     */
    public List<Record> streamRecords(String tableName) {
        List<Record> records = new ArrayList<>();
        try (DynamoDbClient dynamo = client();
                DynamoDbStreamsClient streams = streamsClient()) {
            String arn = dynamo.describeTable(request -> request.tableName(tableName))
                    .table()
                    .latestStreamArn();
            for (Shard shard : streams.describeStream(request -> request.streamArn(arn))
                    .streamDescription()
                    .shards()) {
                String iterator = streams.getShardIterator(request -> request.streamArn(arn)
                                .shardId(shard.shardId())
                                .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                        .shardIterator();
                while (iterator != null) {
                    String current = iterator;
                    GetRecordsResponse page = streams.getRecords(request -> request.shardIterator(current));
                    records.addAll(page.records());
                    iterator = page.records().isEmpty() ? null : page.nextShardIterator();
                }
            }
        }
        return records;
    }

    /** Any SDK client of this engine: its endpoint, the credentials it accepts, the SDK's lightest HTTP client. */
    private <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B pointedHere(B builder) {
        return builder.endpointOverride(engine.endpoint())
                .region(REGION)
                .credentialsProvider(CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create());
    }

    @Override
    public void close() {
        engine.close();
    }

    /**
     * A free port for a server that binds it later, taken below Linux's ephemeral range (32768 and up). A port from that
     * range can go, before the caller binds it, to any outgoing connection on this machine, and the local system opens
     * many while its functions start; below the range only another listener can take it. Two callers in one JVM never
     * get the same port, since neither has bound it when the second asks.
     */
    public static int freePort() {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = 20_000 + RANDOM.nextInt(12_000);
            if (!HANDED_OUT.add(port)) {
                continue;
            }
            try (ServerSocket socket = new ServerSocket(port)) {
                return socket.getLocalPort();
            } catch (IOException busy) {
                // taken: try another
            }
        }
        throw new IllegalStateException("no free port found between 20000 and 32000");
    }
}
