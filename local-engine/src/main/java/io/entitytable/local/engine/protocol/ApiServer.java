package io.entitytable.local.engine.protocol;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves DynamoDB's and DynamoDB Streams' JSON protocol over HTTP on 127.0.0.1 only, with the JDK's own HTTP server
 * (no dependency, up in milliseconds). Requests are served side by side by up to {@value #MAX_THREADS} threads;
 * connections are kept alive between requests, as the SDK's clients expect.
 */
public final class ApiServer implements AutoCloseable {
    /** As many requests served at once as a test suite's parallel clients need; more wait in line. */
    static final int MAX_THREADS = 64;

    private static final int BACKLOG = 128;
    private static final AtomicInteger SERVERS = new AtomicInteger();

    private final HttpServer server;
    private final ThreadPoolExecutor executor;

    private ApiServer(HttpServer server, ThreadPoolExecutor executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Starts serving {@code operations} on {@code port} of 127.0.0.1 ({@code 0}: a free port), {@code banner} the
     * answer to {@code GET /}.
     *
     * @throws UncheckedIOException when the port is taken
     */
    public static ApiServer start(int port, Operations operations, String banner) {
        // Without TCP_NODELAY, an answer's body waits for the client's delayed acknowledgement of its headers (tens of
        // milliseconds a request); the JDK's server reads this once, when its first instance starts.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        HttpServer server;
        try {
            server = HttpServer.create(address, BACKLOG);
        } catch (BindException taken) {
            throw new UncheckedIOException(
                    "cannot listen on 127.0.0.1:" + port + " (" + taken.getMessage() + ")", taken);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, failed);
        }
        ThreadPoolExecutor executor = new ThreadPoolExecutor(
                MAX_THREADS,
                MAX_THREADS,
                30,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                threads("local-dynamodb-" + SERVERS.incrementAndGet() + "-"));
        executor.allowCoreThreadTimeOut(true);
        server.setExecutor(executor);
        server.createContext("/", new ApiHandler(operations, banner));
        server.start();
        return new ApiServer(server, executor);
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops at once: open connections are closed, requests being served are not waited for. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdown();
    }
}
