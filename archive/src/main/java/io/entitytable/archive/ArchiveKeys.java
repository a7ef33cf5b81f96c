package io.entitytable.archive;

import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Every key of the order archive's bucket, defined once: the archive job, the API, erase, export and repair build and
 * parse keys only through this class.
 *
 * <ul>
 *   <li>{@code orders/<h>/<orderId>}: the archived order ({@link ArchivedOrder}), read by id with one GET. {@code <h>}
 *       is two hex characters of the id's SHA-256: ULIDs grow with time, so without it each day's archive would be
 *       written under one ever-moving key prefix, the one S3 partition that serves it.
 *   <li>{@code businesses/<B>/orders/<position>} and {@code customers/<C>/orders/<position>}: an empty object per order,
 *       so that one ListObjectsV2 page lists a business's or a customer's archived orders. S3 lists keys in ascending
 *       order, so a position is written inverted ({@link #position}) and the list comes newest first, the order of the
 *       table's live lists ({@link ArchivePosition}).
 * </ul>
 *
 * <p>Ids are validated as ULIDs before they go into a key: none then holds a {@code /} or reaches another's prefix.
 *
 * @see <a href="https://docs.aws.amazon.com/AmazonS3/latest/userguide/optimizing-performance.html">S3 request rates
 *     per partitioned prefix</a>
 */
public final class ArchiveKeys {
    private static final String ORDERS = "orders/";
    private static final String BUSINESSES = "businesses/";
    private static final String CUSTOMERS = "customers/";
    private static final String LISTING = "/orders/";

    /**
     * The first segment of every key the archive writes, with its slash: what a reader's or writer's permissions are
     * held to.
     */
    public static final List<String> TOP_PREFIXES = List.of(ORDERS, BUSINESSES, CUSTOMERS);

    /** The greatest creation millis a position holds in its 13 digits: the latest a table's sort key holds. */
    static final long LATEST_MILLIS = Keys.LATEST_CREATED.toEpochMilli();

    private static final int MILLIS_DIGITS = 13;
    private static final char POSITION_SEPARATOR = '-';
    private static final int POSITION_LENGTH = MILLIS_DIGITS + 1 + Ids.LENGTH;

    /** The ULID alphabet (Crockford's base32) in ascending character order, so inverting a character inverts its order. */
    private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    private ArchiveKeys() {}

    /** {@code orders/<h>/<orderId>}: the archived order's object. */
    public static String order(String orderId) {
        return ORDERS + hashPrefix(requireId("order", orderId)) + "/" + orderId;
    }

    /** {@code <h>}: the first byte of the SHA-256 of the id's UTF-8, in lower-case hex. */
    static String hashPrefix(String orderId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(orderId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().toHexDigits(digest[0]);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** {@code businesses/<B>/}: everything of one business in the bucket, besides its orders' objects. */
    public static String business(String businessId) {
        return BUSINESSES + requireId("business", businessId) + "/";
    }

    /** {@code businesses/}: where every business's listing is, one common prefix ({@code businesses/<B>/}) each. */
    public static String businesses() {
        return BUSINESSES;
    }

    /** The business a common prefix {@code businesses/<B>/} of {@link #businesses} names. */
    public static String businessOfPrefix(String prefix) {
        if (!prefix.startsWith(BUSINESSES) || !prefix.endsWith("/")) {
            throw new IllegalArgumentException("not a business's prefix: " + prefix);
        }
        return requireId("business", prefix.substring(BUSINESSES.length(), prefix.length() - 1));
    }

    /** {@code businesses/<B>/orders/}: the prefix of a business's listing, its archived orders newest first. */
    public static String businessOrders(String businessId) {
        return business(businessId) + ORDERS;
    }

    /** {@code customers/<C>/orders/}: the prefix of a customer's listing, its archived orders newest first. */
    public static String customerOrders(String customerId) {
        return CUSTOMERS + requireId("customer", customerId) + LISTING;
    }

    /** {@code businesses/<B>/orders/<position>}: the business's listing object of an order. */
    public static String businessListing(String businessId, ArchivePosition position) {
        return businessOrders(businessId) + position(position);
    }

    /** {@code customers/<C>/orders/<position>}: the customer's listing object of an order. */
    public static String customerListing(String customerId, ArchivePosition position) {
        return customerOrders(customerId) + position(position);
    }

    /**
     * The ListObjectsV2 {@code StartAfter} of a listing ({@code prefix}, one of {@link #businessOrders} and {@link
     * #customerOrders}) that lists the orders after {@code position}: older, or of its millisecond with a smaller id.
     */
    public static String startAfter(String prefix, ArchivePosition position) {
        return prefix + position(position);
    }

    /**
     * The ListObjectsV2 {@code StartAfter} of a listing that lists the orders created at or before {@code to} (to the
     * millisecond): the inverted millis alone, which sorts after every position of a later millisecond and before
     * every position of its own.
     */
    public static String startAfterNewerThan(String prefix, Instant to) {
        return prefix + invertedMillis(to.toEpochMilli());
    }

    /** The position a listing object's key ends with. */
    public static ArchivePosition parseListing(String key) {
        int listing = key.lastIndexOf(LISTING);
        String position = listing < 0 ? "" : key.substring(listing + LISTING.length());
        if (position.length() != POSITION_LENGTH
                || position.charAt(MILLIS_DIGITS) != POSITION_SEPARATOR
                || !position.substring(0, MILLIS_DIGITS).chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("not an archive listing key: " + key);
        }
        long millis = LATEST_MILLIS - Long.parseLong(position.substring(0, MILLIS_DIGITS));
        return new ArchivePosition(Instant.ofEpochMilli(millis), inverted(position.substring(MILLIS_DIGITS + 1)));
    }

    /**
     * {@code <13 digits of LATEST_MILLIS - createdAt millis>-<order id, each character inverted in the ULID alphabet>}:
     * ascending key order is {@link ArchivePosition#NEWEST_FIRST}, and the text reads back to the position.
     */
    static String position(ArchivePosition position) {
        return invertedMillis(position.createdAt().toEpochMilli()) + POSITION_SEPARATOR + inverted(position.orderId());
    }

    private static String invertedMillis(long millis) {
        if (millis < 0 || millis > LATEST_MILLIS) {
            throw new IllegalArgumentException("an archived order is created in 1970 to 2286: " + millis);
        }
        return String.format(Locale.ROOT, "%013d", LATEST_MILLIS - millis);
    }

    /** Each character replaced by the one as far from the alphabet's end as it is from its start: its own inverse. */
    private static String inverted(String id) {
        char[] out = new char[id.length()];
        for (int i = 0; i < out.length; i++) {
            int index = CROCKFORD.indexOf(id.charAt(i));
            if (index < 0) {
                throw new IllegalArgumentException("not a ULID: " + id);
            }
            out[i] = CROCKFORD.charAt(CROCKFORD.length() - 1 - index);
        }
        return new String(out);
    }

    private static String requireId(String what, String id) {
        if (!Ids.isValid(id)) {
            throw new IllegalArgumentException("not a " + what + " id: " + id);
        }
        return id;
    }
}
