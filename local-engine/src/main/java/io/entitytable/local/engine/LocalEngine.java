package io.entitytable.local.engine;

import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.operations.Engine;
import io.entitytable.local.engine.protocol.ApiServer;
import io.entitytable.local.engine.storage.JournalStorage;
import io.entitytable.local.engine.storage.MemoryStorage;
import io.entitytable.local.engine.storage.Storage;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The local DynamoDB engine, started in this JVM: DynamoDB's and DynamoDB Streams' JSON protocol on a loopback port,
 * its data in memory or in a data folder.
 */
public final class LocalEngine implements AutoCloseable {
    /** The engine's name, as the local runtime's start line gives it. */
    public static final String NAME = "Entity Table local DynamoDB engine";

    /** The engine's version: the jar's, or {@code development} when it runs from classes. */
    public static final String VERSION = version();

    private final Storage storage;
    private final Engine engine;
    private final ApiServer server;

    private LocalEngine(Storage storage, Engine engine, ApiServer server) {
        this.storage = storage;
        this.engine = engine;
        this.server = server;
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
        Storage storage = dataFolder == null ? new MemoryStorage() : JournalStorage.open(dataFolder);
        Engine engine = null;
        try {
            engine = new Engine(storage, Clock.systemUTC(), settings);
            return new LocalEngine(storage, engine, ApiServer.start(port, engine, NAME + " " + VERSION + "\n"));
        } catch (RuntimeException e) {
            if (engine != null) {
                engine.close();
            }
            storage.close();
            throw e;
        }
    }

    /** What tests steer and observe in-process (index holds, throttling counts, the expiry sweeper). */
    public EngineControl control() {
        return engine.control();
    }

    /** {@code http://localhost:<port>}. */
    public URI endpoint() {
        return URI.create("http://localhost:" + server.port());
    }

    @Override
    public void close() {
        server.close();
        engine.close();
        storage.close();
    }

    private static String version() {
        String version = LocalEngine.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }
}
