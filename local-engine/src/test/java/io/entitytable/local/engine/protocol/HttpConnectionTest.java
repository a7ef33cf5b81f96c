package io.entitytable.local.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The server's HTTP/1.1: what it reads, what it refuses, how it keeps and closes connections. */
class HttpConnectionTest {
    private static final String BODY = "{\"n\":1}";
    private static final String URL_CONNECTION_AGENT = "aws-sdk-java/2.54.15 md/io#sync md/http#UrlConnection ua/2.1";

    private ApiServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private int start(int maxConnections) {
        server = ApiServer.start(
                0,
                (service, operation, request) ->
                        JsonNodeFactory.instance.objectNode().put("Echo", operation),
                "Test engine",
                maxConnections);
        return server.port();
    }

    private static String post(String target, String extraHeaders) {
        return "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810." + target + "\r\n" + extraHeaders
                + "Content-Length: " + BODY.length() + "\r\n\r\n" + BODY;
    }

    @Test
    void connection_shouldAnswerPipelinedRequestsInOrder() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);

        // WHEN two requests arrive in one write
        try (RawHttp http = new RawHttp(port)) {
            http.sendRaw(post("First", "") + post("Second", ""));

            // THEN
            assertThat(http.receive().body()).isEqualTo("{\"Echo\":\"First\"}");
            assertThat(http.receive().body()).isEqualTo("{\"Echo\":\"Second\"}");
        }
    }

    @Test
    void connection_shouldReadHeadAndBodyArrivingPieceByPiece() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);
        String request = post("Slow", "");

        // WHEN the request arrives a few bytes at a time
        try (RawHttp http = new RawHttp(port)) {
            for (int i = 0; i < request.length(); i += 7) {
                http.sendRaw(request.substring(i, Math.min(request.length(), i + 7)));
            }

            // THEN
            assertThat(http.receive().body()).isEqualTo("{\"Echo\":\"Slow\"}");
        }
    }

    @Test
    void connection_shouldSendContinueToClientThatExpectsIt() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);
        String request = post("Waiting", "Expect: 100-continue\r\n");
        int bodyStart = request.length() - BODY.length();

        // WHEN the client sends the head and waits
        try (RawHttp http = new RawHttp(port)) {
            http.sendRaw(request.substring(0, bodyStart));
            RawHttp.Response carryOn = http.receive();
            http.sendRaw(BODY);

            // THEN
            assertThat(carryOn.status()).isEqualTo(100);
            assertThat(http.receive().body()).isEqualTo("{\"Echo\":\"Waiting\"}");
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{\"n\":1}\r\n0\r\n\r\n",
                "POST /\r\nHost: localhost\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 12x\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
                "POST / HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: localhost\r\n folded\r\n\r\n",
                "POST / HTTP/2.0\r\nHost: localhost\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999\r\n\r\n"
            })
    void connection_shouldRefuseWhatItCannotReadAndClose(String request) throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);

        // WHEN
        try (RawHttp http = new RawHttp(port)) {
            http.sendRaw(request);
            RawHttp.Response response = http.receive();

            // THEN
            assertThat(response.status()).isIn(400, 411, 413, 505);
            assertThat(response.header("Connection")).isEqualTo("close");
            assertThat(http.isClosedByServer()).isTrue();
        }
    }

    @Test
    void connection_shouldRefuseChunkedBodyWithLengthRequired() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);

        // WHEN
        try (RawHttp http = new RawHttp(port)) {
            http.sendRaw("POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");

            // THEN
            assertThat(http.receive().status()).isEqualTo(411);
        }
    }

    @Test
    void connection_shouldRefuseTooLongHead() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);
        String huge = "X-Filler: " + "a".repeat(RequestReader.MAX_HEAD_BYTES) + "\r\n";

        // WHEN
        try (RawHttp http = new RawHttp(port)) {
            http.sendRaw(post("Huge", huge));

            // THEN
            assertThat(http.receive().status()).isEqualTo(431);
        }
    }

    @Test
    void connection_shouldCloseAfterHttp10RequestWithoutKeepAlive() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);

        // WHEN
        try (RawHttp http = new RawHttp(port)) {
            http.sendRaw("GET / HTTP/1.0\r\nHost: localhost\r\n\r\n");
            RawHttp.Response response = http.receive();

            // THEN
            assertThat(response.body()).isEqualTo("Test engine\n");
            assertThat(http.isClosedByServer()).isTrue();
        }
    }

    @Test
    void connection_shouldCloseAfterEachAnswerToSdkUrlConnectionClient() throws IOException {
        // GIVEN
        int port = start(ApiServer.MAX_CONNECTIONS);

        // WHEN
        try (RawHttp http = new RawHttp(port)) {
            RawHttp.Response response = http.send(
                    "POST",
                    "localhost",
                    Map.of(
                            "X-Amz-Target",
                            "DynamoDB_20120810.GetItem",
                            "User-Agent",
                            "aws-sdk-java/2.54.15 md/io#sync md/http#UrlConnection ua/2.1"),
                    "{}");

            // THEN
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Connection")).isEqualTo("close");
            assertThat(http.isClosedByServer()).isTrue();
        }
    }

    @Test
    void connection_shouldKeepSdkUrlConnectionClientSendingFromManyThreadsAtOnce() throws IOException {
        int port = start(ApiServer.MAX_CONNECTIONS);
        List<RawHttp> others = new ArrayList<>();
        try {
            // GIVEN the client's other threads in the middle of their requests (heads sent, bodies not yet)
            // WHEN one more of its requests is answered
            // (tried again while the others' heads are still on their way, each try with the others' requests begun
            // afresh: on a busy machine more than the activity window may pass between their heads and this request)
            RawHttp.Response answer = null;
            RawHttp kept = null;
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (kept == null && System.nanoTime() < deadline) {
                closeAll(others);
                for (int i = 1; i < ProbingConnections.KEEP_FROM; i++) {
                    RawHttp other = new RawHttp(port);
                    others.add(other);
                    other.sendRaw(headOnly(post("GetItem", "User-Agent: " + URL_CONNECTION_AGENT + "\r\n")));
                }
                RawHttp http = new RawHttp(port);
                answer = http.send("POST", "localhost", sdkGetItem(), "{}");
                if (answer.header("Connection") == null) {
                    kept = http;
                } else {
                    http.close();
                }
            }

            // THEN its connection is kept and carries the next request
            assertThat(kept).as("a connection kept within 10 s of tries").isNotNull();
            try (RawHttp http = kept) {
                assertThat(answer.status()).isEqualTo(200);
                assertThat(http.send("POST", "localhost", sdkGetItem(), "{}").status())
                        .isEqualTo(200);
            }
        } finally {
            closeAll(others);
        }
    }

    private static void closeAll(List<RawHttp> connections) throws IOException {
        for (RawHttp connection : connections) {
            connection.close();
        }
        connections.clear();
    }

    private static String headOnly(String request) {
        return request.substring(0, request.length() - BODY.length());
    }

    private static Map<String, String> sdkGetItem() {
        return Map.of("X-Amz-Target", "DynamoDB_20120810.GetItem", "User-Agent", URL_CONNECTION_AGENT);
    }

    @Test
    void connection_shouldBeQuickForClientWritingHeadAndBodyApartWithoutNoDelay() throws IOException {
        // GIVEN a client that leaves Nagle's algorithm on, whose body waits for the acknowledgement of its head
        int port = start(ApiServer.MAX_CONNECTIONS);
        String request = post("GetItem", "");
        int bodyStart = request.length() - BODY.length();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setTcpNoDelay(false);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            long[] nanos = new long[200];

            // WHEN
            for (int i = 0; i < nanos.length; i++) {
                long start = System.nanoTime();
                out.write(request.substring(0, bodyStart).getBytes(StandardCharsets.US_ASCII));
                out.write(BODY.getBytes(StandardCharsets.US_ASCII));
                readAnswer(in);
                nanos[i] = System.nanoTime() - start;
            }

            // THEN no request waits for a delayed acknowledgement (40 ms on Linux) on the server's side
            Arrays.sort(nanos);
            System.out.printf("two-write requests without TCP_NODELAY: p50 %.3f ms%n", nanos[nanos.length / 2] / 1e6);
            assertThat(nanos[nanos.length / 2]).isLessThan(20_000_000L);
        }
    }

    @Test
    void server_shouldRefuseConnectionsBeyondItsLimit() throws IOException {
        // GIVEN one connection held open on a server of one
        int port = start(1);
        try (RawHttp held = new RawHttp(port);
                RawHttp refused = new RawHttp(port)) {
            assertThat(held.send("GET", "localhost", Map.of(), "").status()).isEqualTo(200);

            // WHEN
            RawHttp.Response response = refused.receive();

            // THEN
            assertThat(response.status()).isEqualTo(503);
            assertThat(held.send("GET", "localhost", Map.of(), "").status()).isEqualTo(200);
        }
    }

    @Test
    void close_shouldCloseConnectionsAndEndThreads() throws IOException, InterruptedException {
        // GIVEN a connection being kept alive
        int port = start(ApiServer.MAX_CONNECTIONS);
        try (RawHttp http = new RawHttp(port)) {
            assertThat(http.send("GET", "localhost", Map.of(), "").status()).isEqualTo(200);

            // WHEN
            server.close();

            // THEN
            assertThat(http.isClosedByServer()).isTrue();
            assertThat(liveThreads(server.threadNamePrefix())).isZero();
        }
    }

    /** Threads may still be ending when close returns: wait for them, within a deadline. */
    private static long liveThreads(String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        long live;
        do {
            live = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().startsWith(prefix) && thread.isAlive())
                    .count();
            if (live > 0) {
                Thread.sleep(5);
            }
        } while (live > 0 && System.nanoTime() < deadline);
        return live;
    }

    private static void readAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed");
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int at = text.indexOf("Content-Length: ") + "Content-Length: ".length();
        in.readNBytes(Integer.parseInt(text.substring(at, text.indexOf('\r', at))));
    }
}
