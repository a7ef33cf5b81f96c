package io.entitytable.local.engine;

import java.net.URI;
import java.nio.file.Path;

/**
 * The local DynamoDB engine, started in this JVM: DynamoDB's and DynamoDB Streams' JSON protocol on a loopback port,
 * its data in memory or in a data folder.
 */
public final class LocalEngine implements AutoCloseable {
    /** The engine's name and version, as the local runtime's start line gives them. */
    public static final String NAME = "Entity Table local DynamoDB engine";

    public static final String VERSION = "development";

    private LocalEngine() {}

    /**
     * Starts the engine on {@code port} of 127.0.0.1 ({@code 0}: a free port), keeping its data in {@code dataFolder}
     * (in memory when null).
     */
    public static LocalEngine start(int port, Path dataFolder) {
        throw new UnsupportedOperationException("not yet");
    }

    /** {@code http://localhost:<port>}. */
    public URI endpoint() {
        throw new UnsupportedOperationException("not yet");
    }

    @Override
    public void close() {}
}
