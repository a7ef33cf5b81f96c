package io.entitytable.local.dynamodb;

import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
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
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local running in this JVM in server mode, with the {@code Entity} table created from {@link
 * TableLayout#ENTITY}. Server mode (not the embedded API) because it reports stream timestamps correctly and lets the
 * AWS CLI and other processes reach the same database over HTTP.
 */
public final class LocalDynamoDb implements AutoCloseable {
    /** DynamoDB Local accepts any credentials; these keep the SDK's credential chain out of the way. */
    public static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    public static final Region REGION = Region.US_EAST_1;

    /** Ports {@link #freePort()} has handed out in this JVM. */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private static final Random RANDOM = new Random();

    /**
     * The logger of DynamoDB Local's HTTP server, held so that the level set on it stays (see {@link #quietJetty()}).
     */
    private static final Logger JETTY_LOG = Logger.getLogger("org.eclipse.jetty");

    private final DynamoDBProxyServer server;
    private final URI endpoint;
    private final Path dataDirectory;

    private LocalDynamoDb(DynamoDBProxyServer server, URI endpoint, Path dataDirectory) {
        this.server = server;
        this.endpoint = endpoint;
        this.dataDirectory = dataDirectory;
    }

    /** An in-memory database on a free port: what tests use. */
    public static LocalDynamoDb startInMemory() {
        return start(freePort(), null);
    }

    /**
     * Starts DynamoDB Local on {@code port} of the loopback address, keeping data under {@code dataDirectory} (in memory
     * when null). The table is made by {@link #createTable(String)}.
     *
     * <p>DynamoDB Local answers any credentials, so whoever reaches it can read and delete every table: it listens on
     * the loopback address only, answers only requests addressed to a loopback name ({@link LoopbackHostsOnly}), and
     * allows no web origin to read its answers (see {@link #NO_WEB_ORIGIN}).
     */
    public static LocalDynamoDb start(int port, Path dataDirectory) {
        quietJetty();
        List<String> args =
                new ArrayList<>(List.of("-port", Integer.toString(port), "-disableTelemetry", "-cors", NO_WEB_ORIGIN));
        try {
            // One database for every credential and region, so the AWS CLI sees what the API wrote.
            args.add("-sharedDb");
            if (dataDirectory == null) {
                args.add("-inMemory");
            } else {
                Files.createDirectories(dataDirectory);
                args.addAll(List.of("-dbPath", dataDirectory.toString()));
            }
            DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(args.toArray(String[]::new));
            listenOnLoopback(server);
            server.start();
            LocalDynamoDb local = new LocalDynamoDb(server, URI.create("http://localhost:" + port), dataDirectory);
            try (DynamoDbClient client = local.client()) {
                client.listTables(); // opens the shared database, which the indexes go into
                StreamRecordIndexes.addTo(server);
            } catch (RuntimeException e) {
                local.close();
                throw e;
            }
            return local;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not start on port " + port, e);
        }
    }

    /**
     * Puts DynamoDB Local's Jetty at INFO unless someone chose its level. Jetty builds several debug messages a request
     * whenever its logger says debug is on, and under JBoss LogManager configured by a Quarkus jar for a Quarkus boot
     * that does not happen in this JVM (the local runtime's, the tests' of the modules that run it) the root logger is
     * at ALL: every message would be formatted, then dropped by the handler.
     */
    static void quietJetty() {
        if (JETTY_LOG.getLevel() == null) {
            JETTY_LOG.setLevel(Level.INFO);
        }
    }

    /**
     * The value of DynamoDB Local's {@code -cors} option: the origins whose pages may read its answers (it echoes a
     * listed {@code Origin} in {@code Access-Control-Allow-Origin}; its documented default is {@code *}, every page).
     * Nothing of this project calls it from a browser, so the list names no origin a browser can send: a browser's
     * {@code Origin} is always {@code null} or {@code scheme://host[:port]}.
     */
    static final String NO_WEB_ORIGIN = "none";

    /**
     * DynamoDB Local's server has no host option: its command line builds a Jetty {@code Server(port)}, whose one
     * connector listens on every interface. The connector is configured before the server starts, through the proxy
     * server's private field (the only way to it), so that the rest stays DynamoDB Local's own: its command line, its
     * handlers, its start and stop. Its handlers are wrapped in {@link LoopbackHostsOnly} on the way.
     */
    private static void listenOnLoopback(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server jetty = (Server) field.get(proxy);
        Connector[] connectors = jetty.getConnectors();
        if (connectors.length == 0) {
            throw new IllegalStateException("DynamoDB Local's server has no connector to bind to the loopback address");
        }
        for (Connector connector : connectors) {
            ((ServerConnector) connector).setHost(LOOPBACK);
        }
        jetty.setHandler(new LoopbackHostsOnly(jetty.getHandler()));
    }

    /** Where DynamoDB Local listens; {@code localhost} in its endpoint resolves to it. */
    static final String LOOPBACK = "127.0.0.1";

    /**
     * Creates the table from the shared layout unless it exists; returns true when it was created. A table of another
     * layout is refused with the command that migrates it: for a data folder, the one that opens the folder itself,
     * since this DynamoDB Local stops with whoever refused it.
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

    /** DynamoDB Local's server, for this package's look into its database. */
    DynamoDBProxyServer proxy() {
        return server;
    }

    public URI endpoint() {
        return endpoint;
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

    /** Any SDK client of this database: its endpoint, the credentials it accepts, the SDK's lightest HTTP client. */
    private <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B pointedHere(B builder) {
        return builder.endpointOverride(endpoint)
                .region(REGION)
                .credentialsProvider(CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create());
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not stop", e);
        }
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
