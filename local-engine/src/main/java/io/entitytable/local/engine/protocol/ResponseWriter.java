package io.entitytable.local.engine.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes answers with a {@code Content-Length} (never chunked), head and body in one write when the body is small:
 * with {@code TCP_NODELAY}, one write is one segment, which the client reads at once.
 */
final class ResponseWriter {
    /** Larger bodies go in a write of their own rather than be copied behind the head. */
    private static final int ONE_WRITE_BODY_BYTES = 64 * 1024;

    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private final OutputStream out;

    ResponseWriter(OutputStream out) {
        this.out = out;
    }

    /** Tells a client that waits for it ({@code Expect: 100-continue}) to send the body. */
    void writeContinue() throws IOException {
        out.write(CONTINUE);
        out.flush();
    }

    /**
     * @param keepAlive whether the connection stays open for another request ({@code Connection: close} otherwise)
     * @param http10 whether the request was HTTP/1.0, whose clients close unless told {@code Connection: keep-alive}
     * @param withBody false for {@code HEAD}, whose answer has the head of a {@code GET}'s and no body
     */
    void write(Response response, boolean keepAlive, boolean http10, boolean withBody) throws IOException {
        byte[] body = response.body();
        StringBuilder head = new StringBuilder(256)
                .append("HTTP/1.1 ")
                .append(response.status())
                .append(' ')
                .append(reason(response.status()))
                .append("\r\nContent-Type: ")
                .append(response.contentType())
                .append("\r\nContent-Length: ")
                .append(body.length)
                .append("\r\n");
        for (Map.Entry<String, String> header : response.headers().entrySet()) {
            head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
        }
        if (!keepAlive) {
            head.append("Connection: close\r\n");
        } else if (http10) {
            head.append("Connection: keep-alive\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (!withBody || body.length == 0) {
            out.write(headBytes);
        } else if (body.length <= ONE_WRITE_BODY_BYTES) {
            byte[] whole = new byte[headBytes.length + body.length];
            System.arraycopy(headBytes, 0, whole, 0, headBytes.length);
            System.arraycopy(body, 0, whole, headBytes.length, body.length);
            out.write(whole);
        } else {
            out.write(headBytes);
            out.write(body);
        }
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 411 -> "Length Required";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status " + status;
        };
    }
}
