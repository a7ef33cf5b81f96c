package io.entitytable.local.engine.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One client connection, served by one thread from its first request to its close: requests are read and answered
 * one after the other (keep-alive), until the client closes, asks to close, stays idle beyond the socket's timeout,
 * or sends what cannot be read as HTTP/1.1.
 */
final class HttpConnection implements Runnable {
    private static final Logger LOG = Logger.getLogger(HttpConnection.class.getName());

    /** How long a refused request's remaining bytes are read, so that closing does not reset the answer away. */
    private static final int DRAIN_MILLIS = 200;

    private static final int DRAIN_BYTES = 64 * 1024;

    private final Socket socket;
    private final ApiHandler handler;
    private final Consumer<HttpConnection> onClose;
    private final RequestReader reader;
    private final ResponseWriter writer;
    private final ProbingConnections.Activity probing;

    HttpConnection(
            Socket socket,
            boolean quickAck,
            ApiHandler handler,
            ProbingConnections probingConnections,
            Consumer<HttpConnection> onClose)
            throws IOException {
        this.socket = socket;
        this.handler = handler;
        this.onClose = onClose;
        this.probing = probingConnections.connection();
        RequestReader.ReadHook beforeRead = quickAck ? () -> SocketTuning.quickAck(socket) : () -> {};
        this.reader = new RequestReader(socket.getInputStream(), beforeRead);
        this.writer = new ResponseWriter(socket.getOutputStream());
    }

    @Override
    public void run() {
        try {
            serve();
        } catch (IOException gone) {
            // The client closed or reset the connection, it stayed idle too long, or the server is closing.
        } catch (RuntimeException | Error failed) {
            LOG.log(Level.SEVERE, "The local DynamoDB engine's connection failed", failed);
        } finally {
            close();
            probing.close();
            onClose.accept(this);
        }
    }

    private void serve() throws IOException {
        while (true) {
            RequestHead head;
            try {
                head = reader.readHead();
            } catch (MalformedRequest malformed) {
                refuse(malformed);
                return;
            }
            if (head == null) {
                return;
            }
            boolean probingClient = ProbingClient.sent(head);
            if (probingClient) {
                probing.requestBegan();
            }
            if (head.expectsContinue() && !reader.hasBuffered(head.contentLength())) {
                writer.writeContinue();
            }
            byte[] body = reader.readBody(head.contentLength());
            Response response = handler.handle(new Request(head.method(), head.path(), head.headers(), body));
            boolean keepAlive = head.keepAlive() && (!probingClient || probing.keep());
            writer.write(response, keepAlive, head.http10(), !head.method().equals("HEAD"));
            if (!keepAlive) {
                return;
            }
        }
    }

    /** Answers the malformed request, then reads what the client still sends for a moment before closing. */
    private void refuse(MalformedRequest malformed) throws IOException {
        writer.write(malformed.answer(), false, false, true);
        socket.shutdownOutput();
        socket.setSoTimeout(DRAIN_MILLIS);
        InputStream in = socket.getInputStream();
        byte[] sink = new byte[4096];
        for (int drained = 0; drained < DRAIN_BYTES; ) {
            int count = in.read(sink);
            if (count < 0) {
                return;
            }
            drained += count;
        }
    }

    /** Closes the socket, which ends a read the serving thread is blocked in. */
    void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
