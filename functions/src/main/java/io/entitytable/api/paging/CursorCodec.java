package io.entitytable.api.paging;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encodes where a list stopped into an opaque, tamper-evident cursor: {@code base64url(json) "." base64url(mac)}.
 *
 * <p>The MAC (HMAC-SHA256, truncated to 128 bits) covers the payload and the list's scope (the endpoint and its
 * filter parameters), so an edited cursor, or a cursor taken from another list or with other filters, is rejected
 * with 400 instead of silently returning the wrong items.
 */
@ApplicationScoped
public class CursorCodec {
    private static final TypeReference<Map<String, Map<String, String>>> POSITIONS = new TypeReference<>() {};
    private static final int MAC_BYTES = 16;
    /** Room for a position per partition of a large multi-partition list (e.g. 10 tags). */
    private static final int MAX_CURSOR_LENGTH = 32_768;

    private final ObjectMapper json;
    private final SecretKeySpec key;
    /**
     * A Mac keyed once at start and never used itself: each cursor works on a clone, which copies the keyed state (a
     * Mac is not thread-safe, so none is shared). {@code Mac.getInstance} + {@code init} per cursor would search the
     * security providers and derive the key pads for every page of every list.
     */
    private final Mac keyedMac;

    public CursorCodec(ObjectMapper json, ApiConfig config) {
        this.json = json;
        this.key = new SecretKeySpec(config.cursorSecret().getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        this.keyedMac = newMac(key);
    }

    private static Mac newMac(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /** A cursor for {@code positions}: per partition, the key attributes to resume after (all strings). */
    public String encode(String scope, CursorState state) {
        try {
            byte[] payload = json.writeValueAsBytes(state.positions());
            return base64(payload) + "." + base64(mac(scope, payload));
        } catch (Exception e) {
            throw new IllegalStateException("cursor could not be encoded", e);
        }
    }

    /** The positions in {@code cursor}; an empty state when there is none; 400 when it is not ours. */
    public CursorState decode(String scope, String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return CursorState.start();
        }
        if (cursor.length() > MAX_CURSOR_LENGTH) {
            throw invalid();
        }
        int dot = cursor.indexOf('.');
        if (dot < 0) {
            throw invalid();
        }
        try {
            byte[] payload = Base64.getUrlDecoder().decode(cursor.substring(0, dot));
            byte[] mac = Base64.getUrlDecoder().decode(cursor.substring(dot + 1));
            if (!MessageDigest.isEqual(mac, mac(scope, payload))) {
                throw invalid();
            }
            return new CursorState(new LinkedHashMap<>(json.readValue(payload, POSITIONS)));
        } catch (IllegalArgumentException | java.io.IOException e) {
            throw invalid();
        }
    }

    private byte[] mac(String scope, byte[] payload) {
        Mac mac;
        try {
            mac = (Mac) keyedMac.clone();
        } catch (CloneNotSupportedException e) {
            // The JDK's HmacSHA256 is cloneable; a provider whose Mac is not gets keyed per cursor.
            mac = newMac(key);
        }
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
