package io.entitytable.model;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.regex.Pattern;

/**
 * Server-generated ids: ULIDs (26 characters of Crockford base32, upper-case), time-ordered and never containing the
 * key separator. Thirty lines, with no dependency to carry into every function.
 *
 * @see <a href="https://github.com/ulid/spec">The ULID specification</a>
 */
public final class Ids {
    /** Every id's length in characters. */
    public static final int LENGTH = 26;

    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final Pattern ULID = Pattern.compile("[0-7][0-9A-HJKMNP-TV-Z]{25}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {}

    public static String newId() {
        return newId(System.currentTimeMillis());
    }

    static String newId(long epochMillis) {
        char[] out = new char[26];
        long time = epochMillis;
        for (int i = 9; i >= 0; i--) {
            out[i] = ALPHABET[(int) (time & 31)];
            time >>>= 5;
        }
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        for (int i = 10; i < 26; i++) {
            out[i] = ALPHABET[random[i - 10] & 31];
        }
        return new String(out);
    }

    /** True for a well-formed ULID: the only shape an id in a path or a body may take. */
    public static boolean isValid(String id) {
        return id != null && ULID.matcher(id).matches();
    }

    /**
     * A point {@code part/parts} of the way from id {@code low} to id {@code high} (as 130-bit numbers), as the first
     * 25 characters of an id: shorter than every id, so it sorts before every id it is a prefix of and never equals one.
     * Used to cut a partition of {@code <entity>#<id>} sort keys into key ranges of about equal size.
     */
    public static String cutBetween(String low, String high, int part, int parts) {
        BigInteger from = number(low);
        BigInteger to = number(high);
        BigInteger at =
                from.add(to.subtract(from).multiply(BigInteger.valueOf(part)).divide(BigInteger.valueOf(parts)));
        char[] out = new char[26];
        for (int i = 25; i >= 0; i--) {
            out[i] = ALPHABET[at.intValue() & 31];
            at = at.shiftRight(5);
        }
        return new String(out, 0, 25);
    }

    private static BigInteger number(String id) {
        if (!isValid(id)) {
            throw new IllegalArgumentException("not an id: " + id);
        }
        BigInteger value = BigInteger.ZERO;
        for (char c : id.toCharArray()) {
            value = value.shiftLeft(5).add(BigInteger.valueOf(new String(ALPHABET).indexOf(c)));
        }
        return value;
    }
}
