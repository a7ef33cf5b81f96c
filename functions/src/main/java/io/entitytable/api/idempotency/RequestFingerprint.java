package io.entitytable.api.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What makes two requests the same request for an idempotency key: the method, the path with its query, and the body
 * as the API read it, in a canonical form (the request record's fields in their order, map keys sorted, no white
 * space), so a retry that spells the same body differently is still the same request, and one that changes a value is
 * not. Hashed (SHA-256): the record keeps 64 characters whatever the body's size.
 */
public final class RequestFingerprint {
    private RequestFingerprint() {}

    /**
     * @param target the raw path and, if any, {@code ?} and the raw query
     * @param body the request body as read (a request record), or null for a request without one
     */
    public static String of(ObjectMapper json, String method, String target, Object body) {
        StringBuilder text =
                new StringBuilder(method).append(' ').append(target).append('\n');
        if (body != null) {
            text.append(canonical(json, body));
        }
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static String canonical(ObjectMapper json, Object body) {
        try {
            // A request record writes its fields in declaration order; the maps in it (a customer's addresses) are
            // written with sorted keys, so the order the client sent them in is lost.
            return json.writer()
                    .with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                    .writeValueAsString(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a request the API read is always JSON again", e);
        }
    }
}
