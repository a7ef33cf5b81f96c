package io.entitytable.local.engine.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves DynamoDB's and DynamoDB Streams' JSON protocol over HTTP/1.1 on 127.0.0.1 only: one thread accepts
 * connections, and each connection is served by a thread of its own (up to {@value #MAX_CONNECTIONS} at once; more
 * are answered {@code 503} and closed), kept alive between requests as the SDK's clients expect.
 *
 * <p>A server of the engine's own rather than the JDK's {@code com.sun.net.httpserver}: that one gives no access to its
 * sockets, so it cannot set per-socket options such as {@code TCP_QUICKACK} ({@link SocketTuning}), which clients that
 * write a request in two pieces need, nor decide per client whether a connection is worth keeping ({@link
 * ProbingConnections}). Blocking sockets and a thread per connection are the shortest path from a request's bytes to its
 * answer, and loopback clients hold few connections.
 */
public final class ApiServer implements AutoCloseable {
    /** As many connections as a test suite's parallel clients hold; each costs a thread while it is open. */
    static final int MAX_CONNECTIONS = 256;

    /** How long a connection may wait for its next request; longer than the SDK clients keep idle connections. */
    static final int IDLE_TIMEOUT_MILLIS = 30_000;

    private static final int BACKLOG = 128;
    private static final Logger LOG = Logger.getLogger(ApiServer.class.getName());
    private static final AtomicInteger SERVERS = new AtomicInteger();
    private static final String BUSY_TEXT = "The local DynamoDB engine serves no more connections.\n";
    private static final byte[] BUSY = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + Response.TEXT
                    + "\r\nContent-Length: " + BUSY_TEXT.length() + "\r\nConnection: close\r\nRetry-After: 1\r\n\r\n"
                    + BUSY_TEXT)
            .getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket listener;
    private final ApiHandler handler;
    private final ThreadPoolExecutor connectionThreads;
    private final Thread acceptThread;
    private final Set<HttpConnection> open = ConcurrentHashMap.newKeySet();
    private final ProbingConnections probingConnections =
            new ProbingConnections(ProbingConnections.KEEP_FROM, System::nanoTime);
    private final String threadNamePrefix;
    private volatile boolean closed;

    private ApiServer(ServerSocket listener, ApiHandler handler, int maxConnections) {
        this.listener = listener;
        this.handler = handler;
        this.threadNamePrefix = "local-dynamodb-" + SERVERS.incrementAndGet() + "-";
        this.connectionThreads = new ThreadPoolExecutor(
                0,
                maxConnections,
                IDLE_TIMEOUT_MILLIS,
                TimeUnit.MILLISECONDS,
                new SynchronousQueue<>(),
                threads(threadNamePrefix));
        this.acceptThread = new Thread(this::acceptConnections, threadNamePrefix + "accept");
        acceptThread.setDaemon(true);
    }

    /**
     * Starts serving {@code operations} on {@code port} of 127.0.0.1 ({@code 0}: a free port), {@code banner} the
     * answer to {@code GET /}.
     *
     * @throws UncheckedIOException when the port is taken
     */
    public static ApiServer start(int port, Operations operations, String banner) {
        return start(port, operations, banner, MAX_CONNECTIONS);
    }

    static ApiServer start(int port, Operations operations, String banner, int maxConnections) {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        ServerSocket listener = null;
        try {
            listener = new ServerSocket();
            // A port left in TIME_WAIT by the previous server on it can be listened on again at once.
            listener.setReuseAddress(true);
            listener.bind(address, BACKLOG);
        } catch (IOException failed) {
            closeQuietly(listener);
            String message = "cannot listen on 127.0.0.1:" + port;
            throw new UncheckedIOException(
                    failed instanceof BindException ? message + " (" + failed.getMessage() + ")" : message, failed);
        }
        ApiServer server = new ApiServer(listener, new ApiHandler(operations, banner), maxConnections);
        server.acceptThread.start();
        return server;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** The names of this server's threads start with it. */
    String threadNamePrefix() {
        return threadNamePrefix;
    }

    private void acceptConnections() {
        while (!closed) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException failed) {
                if (!closed) {
                    LOG.log(Level.WARNING, "The local DynamoDB engine could not accept a connection", failed);
                }
                continue;
            }
            serve(socket);
        }
    }

    private void serve(Socket socket) {
        HttpConnection connection;
        try {
            socket.setSoTimeout(IDLE_TIMEOUT_MILLIS);
            boolean quickAck = SocketTuning.tune(socket);
            connection = new HttpConnection(socket, quickAck, handler, probingConnections, open::remove);
        } catch (IOException failed) {
            closeQuietly(socket);
            return;
        }
        open.add(connection);
        if (closed) {
            // close() may have swept the open connections before this one was added.
            open.remove(connection);
            connection.close();
            return;
        }
        try {
            connectionThreads.execute(connection);
        } catch (RejectedExecutionException full) {
            open.remove(connection);
            refuse(socket);
        }
    }

    /** Tells the client that it has too many connections open, without waiting for its request. */
    private static void refuse(Socket socket) {
        try (socket) {
            OutputStream out = socket.getOutputStream();
            out.write(BUSY);
            out.flush();
            socket.shutdownOutput();
        } catch (IOException ignored) {
            // the client is gone already
        }
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * Stops at once: the port is free when this returns, open connections are closed, and the threads end (requests
     * being served are given a moment to end).
     */
    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        for (HttpConnection connection : open) {
            connection.close();
        }
        connectionThreads.shutdownNow();
        try {
            acceptThread.join(1_000);
            connectionThreads.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
