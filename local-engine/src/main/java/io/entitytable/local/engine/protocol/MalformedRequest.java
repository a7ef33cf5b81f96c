package io.entitytable.local.engine.protocol;

import java.nio.charset.StandardCharsets;

/**
 * A request the server cannot read as HTTP/1.1 (or will not: too long a head, a chunked body). The status and text
 * are answered, then the connection is closed, since where the next request would start is unknown.
 */
final class MalformedRequest extends Exception {
    private final int status;

    MalformedRequest(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    Response answer() {
        return Response.text(status, (getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
