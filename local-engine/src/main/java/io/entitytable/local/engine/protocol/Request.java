package io.entitytable.local.engine.protocol;

import java.util.Map;

/**
 * One HTTP request as the server read it: its method, the path of its target (without the query), its headers by
 * lower-case name and its whole body.
 */
record Request(String method, String path, Map<String, String> headers, byte[] body) {
    /** The header's value, {@code lowerCaseName} in lower case; null when the request has none. */
    String header(String lowerCaseName) {
        return headers.get(lowerCaseName);
    }
}
