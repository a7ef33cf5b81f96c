package io.entitytable.local.engine.protocol;

import java.util.Map;

/**
 * One HTTP answer: a status, the type of its body, headers beyond {@code Content-Type}, {@code Content-Length} and
 * {@code Connection} (which {@link ResponseWriter} adds), and the body itself.
 */
record Response(int status, String contentType, Map<String, String> headers, byte[] body) {
    static final String TEXT = "text/plain; charset=utf-8";

    static Response text(int status, byte[] body) {
        return new Response(status, TEXT, Map.of(), body);
    }
}
