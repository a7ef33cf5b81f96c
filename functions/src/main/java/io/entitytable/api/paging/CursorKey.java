package io.entitytable.api.paging;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One key that signs cursors (HMAC-SHA256), with the short id a cursor carries to say which key signed it. The id is
 * derived from the key with the key itself (an HMAC of a fixed label, 48 bits), so it tells nothing about the key but
 * whether two cursors were signed with the same one, and every instance derives the same id without being told it.
 */
public final class CursorKey {
    private static final byte[] ID_LABEL = "entity-table cursor key id".getBytes(StandardCharsets.UTF_8);
    private static final int ID_BYTES = 6;

    private final String id;
    private final SecretKeySpec key;
    /**
     * A Mac keyed once and never used itself: each cursor works on a clone, which copies the keyed state (a Mac is not
     * thread-safe, so none is shared). {@code Mac.getInstance} + {@code init} per cursor would search the security
     * providers and derive the key pads for every page of every list.
     */
    private final Mac keyedMac;

    private CursorKey(byte[] secret) {
        this.key = new SecretKeySpec(secret, "HmacSHA256");
        this.keyedMac = newMac(key);
        this.id = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(Arrays.copyOf(mac().doFinal(ID_LABEL), ID_BYTES));
    }

    /** The key of a secret text (its UTF-8 bytes); refuses a blank one, which would sign nothing worth checking. */
    public static CursorKey of(String secret) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("a cursor secret must not be empty");
        }
        return new CursorKey(secret.getBytes(StandardCharsets.UTF_8));
    }

    /** Eight base64url characters naming this key in the cursors it signs. */
    public String id() {
        return id;
    }

    /** A Mac keyed with this key, for one cursor. */
    Mac mac() {
        try {
            return (Mac) keyedMac.clone();
        } catch (CloneNotSupportedException e) {
            // The JDK's HmacSHA256 is cloneable; a provider whose Mac is not gets keyed per cursor.
            return newMac(key);
        }
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

    @Override
    public String toString() {
        // Never the secret: a key may end up in a log line or an assertion message.
        return "CursorKey[" + id + "]";
    }
}
