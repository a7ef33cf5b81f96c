package io.entitytable.local.engine.protocol;

/**
 * Recognises requests from the AWS SDK's URL-connection client, whose connections are often cheaper to close after each
 * answer than to keep ({@link ProbingConnections} decides).
 *
 * <p>That client streams its POST bodies through the JDK's {@code HttpURLConnection}, which, before reusing a kept-alive
 * connection for a streamed POST, checks that the server has not closed it by reading with a 1 ms timeout: every call
 * on a kept connection waits that millisecond (1.4-1.9 ms a GetItem on loopback). A connection closed after the
 * answer ({@code Connection: close}) is not kept, and opening the next one on loopback costs a tenth of that. The
 * server closes first, so the closed connections linger (TIME_WAIT) on the server's side and use up none of the
 * client's ports.
 */
final class ProbingClient {
    /** What the SDK's URL-connection client puts in its {@code User-Agent}. */
    private static final String URL_CONNECTION_AGENT = "md/http#UrlConnection";

    private ProbingClient() {}

    static boolean sent(RequestHead head) {
        String agent = head.headers().get("user-agent");
        return agent != null && agent.contains(URL_CONNECTION_AGENT);
    }
}
