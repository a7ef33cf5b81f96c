package io.entitytable.api.paging;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.error.ApiProblem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;

/**
 * Encodes where a list stopped into an opaque, tamper-evident cursor: {@code base64url(json) "." keyId "."
 * base64url(mac)}.
 *
 * <p>The MAC (HMAC-SHA256, truncated to 128 bits) covers the key id, the list's scope (the endpoint and its filter
 * parameters) and the payload, so an edited cursor, or a cursor taken from another list or with other filters, is
 * rejected with 400 instead of silently returning the wrong items. The current key signs; the key id says which key
 * verifies, the current or the previous one ({@link CursorKeys}), so a rotation leaves the cursors handed out before
 * valid. An id neither key has is a 400 too.
 */
@ApplicationScoped
public class CursorCodec {
    private static final TypeReference<Map<String, Map<String, String>>> POSITIONS = new TypeReference<>() {};
    private static final String SHARDS = "shards";
    private static final String POSITIONS_FIELD = "positions";
    private static final int MAC_BYTES = 16;
    /** Room for a position per partition of a large multi-partition list (e.g. 10 tags). */
    private static final int MAX_CURSOR_LENGTH = 32_768;

    @Inject
    ObjectMapper json;

    @Inject
    CursorKeys keys;

    /** A cursor for {@code positions}: per partition, the key attributes to resume after (all strings). */
    public String encode(String scope, CursorState state) {
        byte[] payload;
        try {
            // A list over shards names the count its partitions are of; every other cursor is its positions alone.
            payload = json.writeValueAsBytes(
                    state.shards() == 0
                            ? state.positions()
                            : Map.of(SHARDS, state.shards(), POSITIONS_FIELD, state.positions()));
        } catch (Exception e) {
            throw new IllegalStateException("cursor could not be encoded", e);
        }
        CursorKey key = keys.current();
        return base64(payload) + "." + key.id() + "." + base64(mac(key, scope, payload));
    }

    /** The positions in {@code cursor}; an empty state when there is none; 400 when it is not ours. */
    public CursorState decode(String scope, String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return CursorState.start();
        }
        if (cursor.length() > MAX_CURSOR_LENGTH) {
            throw invalid();
        }
        String[] parts = cursor.split("\\.", -1);
        if (parts.length != 3) {
            throw invalid();
        }
        CursorKey key = keys.find(parts[1]).orElseThrow(CursorCodec::invalid);
        try {
            byte[] payload = Base64.getUrlDecoder().decode(parts[0]);
            byte[] mac = Base64.getUrlDecoder().decode(parts[2]);
            if (!MessageDigest.isEqual(mac, mac(key, scope, payload))) {
                throw invalid();
            }
            JsonNode tree = json.readTree(payload);
            if (tree.path(SHARDS).isInt() && tree.path(POSITIONS_FIELD).isObject()) {
                return new CursorState(
                        new LinkedHashMap<>(json.convertValue(tree.get(POSITIONS_FIELD), POSITIONS)),
                        tree.get(SHARDS).intValue());
            }
            return new CursorState(new LinkedHashMap<>(json.convertValue(tree, POSITIONS)));
        } catch (IllegalArgumentException | java.io.IOException e) {
            throw invalid();
        }
    }

    private static byte[] mac(CursorKey key, String scope, byte[] payload) {
        Mac mac = key.mac();
        mac.update(key.id().getBytes(StandardCharsets.US_ASCII));
        mac.update((byte) 0);
        mac.update(scope.getBytes(StandardCharsets.UTF_8));
        mac.update((byte) 0);
        return Arrays.copyOf(mac.doFinal(payload), MAC_BYTES);
    }

    private static String base64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static ApiProblem invalid() {
        return ApiProblem.badRequest("the cursor is not valid for this request; start again without 'next'");
    }
}
