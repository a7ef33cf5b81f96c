package io.entitytable.local.engine;

import io.entitytable.local.engine.operations.Engine;
import io.entitytable.local.engine.protocol.ApiServer;
import io.entitytable.local.engine.storage.JournalStorage;
import io.entitytable.local.engine.storage.MemoryStorage;
import io.entitytable.local.engine.storage.Storage;
import java.net.URI;
import java.nio.file.Path;

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
    private final ApiServer server;

    private LocalEngine(Storage storage, ApiServer server) {
        this.storage = storage;
        this.server = server;
    }

    /**
     * Starts the engine on {@code port} of 127.0.0.1 ({@code 0}: a free port), keeping its data in {@code dataFolder}
     * (in memory when null).
     */
    public static LocalEngine start(int port, Path dataFolder) {
        Storage storage = dataFolder == null ? new MemoryStorage() : JournalStorage.open(dataFolder);
        try {
            Engine engine = new Engine(storage);
            return new LocalEngine(storage, ApiServer.start(port, engine, NAME + " " + VERSION + "\n"));
        } catch (RuntimeException e) {
            storage.close();
            throw e;
        }
    }

    /** {@code http://localhost:<port>}. */
    public URI endpoint() {
        return URI.create("http://localhost:" + server.port());
    }

    @Override
    public void close() {
        server.close();
        storage.close();
    }

    private static String version() {
        String version = LocalEngine.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }
}
