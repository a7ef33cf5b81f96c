package io.entitytable.local.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.deployment.RefreshQueueTrigger;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The local SQS checks no one, and a web page in the developer's browser may send a form POST or an image's GET to any
 * port on localhost without a preflight (it cannot read the answer, but ElasticMQ acts on it), or re-point its own
 * domain at 127.0.0.1 (DNS rebinding) and send anything. A query-protocol GET is enough to enqueue a forged refresh
 * message. So what only a browser sends ({@code Origin}, {@code Sec-Fetch-*}, a {@code Host} that is not a loopback
 * name) and what no SDK or CLI call lacks ({@code Authorization}) must be refused before ElasticMQ sees it, while the
 * SDK is served as before.
 */
class LocalSqsWebPageTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String FORM = "application/x-www-form-urlencoded";
    /** Any signature: ElasticMQ checks none, but the SDK and the CLI always send one. */
    private static final String SIGNED = "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/sqs/aws4_request,"
            + " SignedHeaders=host;x-amz-date, Signature=0";

    private static LocalSqs sqs;

    @BeforeAll
    static void start() {
        sqs = LocalSqs.start(0, RefreshQueueTrigger.DEFAULT);
    }

    @AfterAll
    static void stop() {
        sqs.close();
    }

    static Stream<Arguments> pageRequests() {
        return Stream.of(
                Arguments.of("a form of another site", "POST", Map.of("Origin", "http://evil.example")),
                Arguments.of("a sandboxed or file:// page", "POST", Map.of("Origin", "null")),
                Arguments.of(
                        "an image of another site",
                        "GET",
                        Map.of("Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "no-cors")),
                Arguments.of("a page of localhost itself", "GET", Map.of("Sec-Fetch-Site", "same-site")),
                Arguments.of("a page re-pointed at 127.0.0.1", "GET", Map.of("Host", "attacker.example:9324")),
                Arguments.of("a page re-pointed at 127.0.0.1, no port", "POST", Map.of("Host", "attacker.example")),
                Arguments.of(
                        "a page re-pointed at 127.0.0.1, with a signature",
                        "POST",
                        Map.of("Host", "attacker.example:9324", "Authorization", SIGNED)),
                Arguments.of(
                        "a page's form with a signature", "POST", Map.of("Origin", "null", "Authorization", SIGNED)),
                Arguments.of("an old browser's image, no signature", "GET", Map.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pageRequests")
    void sendMessage_shouldBe403AndEnqueueNothing_whenSentByAWebPage(
            String page, String method, Map<String, String> headers) throws Exception {
        // GIVEN the refresh queue's depth
        int before = depth();

        // WHEN a page's browser asks the query protocol to enqueue a forged refresh message
        String response = sendMessageRequest(method, headers);

        // THEN it is refused and nothing was enqueued
        assertThat(response).startsWith("HTTP/1.1 403");
        assertThat(depth()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST"})
    void sendMessage_shouldEnqueue_whenSentLikeAnSdkOrCli(String method) throws Exception {
        // GIVEN the refresh queue's depth: the requests refused above are real threats, not malformed ones
        int before = depth();

        // WHEN the same request comes signed, to a loopback name, with no browser header
        String response = sendMessageRequest(method, Map.of("Authorization", SIGNED));

        // THEN ElasticMQ enqueues it
        assertThat(response).startsWith("HTTP/1.1 200").contains("SendMessageResponse");
        assertThat(depth()).isEqualTo(before + 1);
    }

    @Test
    void sdk_shouldSendAndReceive_throughTheQueueUrlsItIsGiven() {
        // GIVEN a queue of its own, created through the SDK
        String queueUrl =
                sqs.client().createQueue(b -> b.queueName("web-page-test")).queueUrl();
        String body = "{\"id\":\"" + UUID.randomUUID() + "\"}";

        // WHEN a message goes in and out through the SDK
        sqs.client().sendMessage(b -> b.queueUrl(queueUrl).messageBody(body));
        List<Message> received = sqs.client()
                .receiveMessage(b -> b.queueUrl(queueUrl).waitTimeSeconds(5))
                .messages();

        // THEN it arrives, and every queue URL names the port the clients were given
        assertThat(received).extracting(Message::body).containsExactly(body);
        assertThat(queueUrl).isEqualTo(LocalSqs.queueUrl(sqs.endpoint(), "web-page-test"));
        assertThat(sqs.queues().queueUrl()).startsWith(sqs.endpoint() + "/");
    }

    @Test
    void elasticMq_shouldListenOnAPortBrowsersRefuseToFetch() {
        assertThat(BrowserBlockedPorts.FOR_LOCAL_SERVERS).contains(sqs.elasticMqPort());
    }

    private static int depth() {
        return sqs.depth(sqs.queues().queueUrl());
    }

    /**
     * ElasticMQ's query-protocol SendMessage to the refresh queue, as a page's image (GET, parameters in the query) or
     * form (POST, parameters in the body) would send it, with exactly these headers ({@code Host} included, which
     * Java's HTTP client does not let a caller set; {@code localhost:PORT} unless given); the whole response.
     */
    private static String sendMessageRequest(String method, Map<String, String> headers) throws Exception {
        int port = sqs.endpoint().getPort();
        String path = "/" + LocalSqs.ACCOUNT + "/" + RefreshQueueNames.QUEUE;
        String params =
                "Action=SendMessage&MessageBody=" + URLEncoder.encode("{\"forged\":true}", StandardCharsets.UTF_8);
        String target = method.equals("GET") ? path + "?" + params : path;
        String body = method.equals("GET") ? "" : params;
        Map<String, String> all = new LinkedHashMap<>();
        all.put("Host", "localhost:" + port);
        all.putAll(headers);
        if (!body.isEmpty()) {
            all.put("Content-Type", FORM);
            all.put("Content-Length", Integer.toString(body.length()));
        }
        all.put("Connection", "close");
        StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
        all.forEach(
                (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("\r\n").append(body);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(response);
            return response.toString(StandardCharsets.UTF_8);
        }
    }
}
