package io.entitytable.local.engine.protocol;

import java.util.Map;

/**
 * A request's line and headers, read before its body.
 *
 * @param keepAlive whether the client keeps the connection for another request (HTTP/1.1 unless {@code Connection:
 *     close}; HTTP/1.0 only with {@code Connection: keep-alive})
 * @param expectsContinue whether the client waits for {@code 100 Continue} before sending the body
 */
record RequestHead(
        String method,
        String path,
        boolean http10,
        Map<String, String> headers,
        int contentLength,
        boolean keepAlive,
        boolean expectsContinue) {}
