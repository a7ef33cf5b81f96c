package io.entitytable.local.engine;

import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.operations.Engine;
import io.entitytable.local.engine.protocol.ApiServer;
import io.entitytable.local.engine.protocol.Operations;
import io.entitytable.local.engine.storage.JournalStorage;
import io.entitytable.local.engine.storage.MemoryStorage;
import io.entitytable.local.engine.storage.Storage;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The local DynamoDB engine, started in this JVM: DynamoDB's and DynamoDB Streams' JSON protocol on a loopback port,
 * its data in memory or in a data folder.
 */
public final class LocalEngine implements AutoCloseable {
    /** The engine's name and version, as the local runtime's start line gives them. */
    public static final String NAME = "Entity Table local DynamoDB engine";

    /** The jar's {@code Implementation-Version}, or {@code development} when run from compiled classes. */
    public static final String VERSION = version();

    private static final Logger LOG = Logger.getLogger(LocalEngine.class.getName());

    private final ApiServer server;
    private final Served served;

    private LocalEngine(ApiServer server, Served served) {
        this.server = server;
        this.served = served;
    }

    /**
     * What the server serves: the operations and the storage they keep their data in, stopped together (operations
     * first, so that their own work writes nothing to a closed storage) whether the engine closes or fails to start.
     */
    private record Served(Operations operations, Storage storage) implements AutoCloseable {
        @Override
        public void close() {
            try {
                if (operations instanceof AutoCloseable closeable) {
                    closeable.close();
                }
            } catch (Exception failed) {
                LOG.log(Level.WARNING, "The local DynamoDB engine failed to stop", failed);
            } finally {
                storage.close();
            }
        }
    }

    /**
     * Starts the engine on {@code port} of 127.0.0.1 ({@code 0}: a free port), keeping its data in {@code dataFolder}
     * (in memory when null).
     */
    public static LocalEngine start(int port, Path dataFolder) {
        return start(port, dataFolder, EngineSettings.immediate());
    }

    /**
     * Starts the engine as {@link #start(int, Path)} does, with the DynamoDB-like behaviours {@code settings} switch on
     * (conflicts, index lag, throttling, time to live, shard rollover).
     */
    public static LocalEngine start(int port, Path dataFolder, EngineSettings settings) {
        return start(port, dataFolder, storage -> new Engine(storage, Clock.systemUTC(), settings));
    }

    /**
     * Starts the engine on {@code port} of 127.0.0.1 ({@code 0}: a free port), keeping its data in {@code dataFolder}
     * (in memory when null), serving the operations {@code engineFactory} builds on that storage.
     *
     * @throws IllegalStateException when the folder is in use by another engine, or holds a DynamoDB Local database
     * @throws java.io.UncheckedIOException when the port is taken or the folder cannot be read
     */
    public static LocalEngine start(int port, Path dataFolder, Function<Storage, Operations> engineFactory) {
        Storage storage = dataFolder == null ? new MemoryStorage() : JournalStorage.open(dataFolder);
        Operations operations = null;
        try {
            operations = engineFactory.apply(storage);
            ApiServer server = ApiServer.start(port, operations, NAME + " " + VERSION);
            return new LocalEngine(server, new Served(operations, storage));
        } catch (RuntimeException | Error failed) {
            new Served(operations, storage).close();
            throw failed;
        }
    }

    /**
     * What tests steer and observe in-process (index holds, throttling counts, the expiry sweeper).
     *
     * @throws IllegalStateException when this engine's operations are not the engine's own (a test's stand-in)
     */
    public EngineControl control() {
        if (served.operations() instanceof Engine engine) {
            return engine.control();
        }
        throw new IllegalStateException("this engine serves operations of its own, which have no control");
    }

    /** {@code http://localhost:<port>}. */
    public URI endpoint() {
        return URI.create("http://localhost:" + server.port());
    }

    public int port() {
        return server.port();
    }

    /**
     * Stops serving at once, stops the engine's own work if it has any (an {@link AutoCloseable} engine), then closes
     * the storage.
     */
    @Override
    public void close() {
        try {
            server.close();
        } finally {
            served.close();
        }
    }

    private static String version() {
        String version = LocalEngine.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }
}
