package io.entitytable.api.input;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Ids;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Checks of values that arrive in paths, query strings and headers, each failing with a clear 4xx. */
public final class Inputs {
    /** How many tags one subject may carry. */
    public static final int MAX_TAGS = 50;

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
    private static final String TAG_MESSAGE = "must match [a-z0-9][a-z0-9_-]{0,63} (letters are lower-cased)";
    private static final Pattern ETAG = Pattern.compile("(?:W/)?\"?([0-9]{1,18})\"?");

    private Inputs() {}

    /** A path or body id must be a ULID: anything else (a {@code #}, lower case, junk) is a 422, never a lookup. */
    public static String id(String field, String value) {
        if (!Ids.isValid(value)) {
            throw ApiProblem.invalid(field, "must be an id as the API returns it (26 characters, ULID)");
        }
        return value;
    }

    /** Tags are compared lower-cased: {@code VIP} and {@code vip} are one tag. A path segment or body value: 422. */
    public static String tag(String value) {
        return normalisedTag(value).orElseThrow(() -> ApiProblem.invalid("tag", TAG_MESSAGE));
    }

    /** Initial tags of a new subject, normalised as {@link #tag} normalises the tag sub-resources' one. */
    public static Set<String> tags(Set<String> tags) {
        return tags == null
                ? new TreeSet<>()
                : tags.stream().map(Inputs::tag).collect(Collectors.toCollection(TreeSet::new));
    }

    /** A tag given in query parameter {@code parameter}: 400 when it cannot be one. */
    public static String tagParameter(String parameter, String value) {
        return normalisedTag(value).orElseThrow(() -> ApiProblem.badParameter(parameter, TAG_MESSAGE));
    }

    private static Optional<String> normalisedTag(String value) {
        String tag = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return TAG.matcher(tag).matches() ? Optional.of(tag) : Optional.empty();
    }

    /** A query parameter that is {@code true} or {@code false}; absent is false; anything else is a 400. */
    public static boolean flag(String parameter, String value) {
        if (value != null && !value.equals("true") && !value.equals("false")) {
            throw ApiProblem.badParameter(parameter, "must be true or false");
        }
        return "true".equals(value);
    }

    /** Query parameters arrive as strings so that {@code limit=abc} is a clear 400, not a framework 404. */
    public static int limit(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_LIMIT;
        }
        int limit;
        try {
            limit = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            limit = -1;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiProblem.badParameter("limit", "must be a whole number between 1 and " + MAX_LIMIT);
        }
        return limit;
    }

    /** An ISO-8601 instant such as {@code 2026-11-22T10:15:30Z}, or {@code fallback} when absent. */
    public static Instant instant(String field, String value, Instant fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw ApiProblem.badParameter(field, "must be an ISO-8601 instant such as 2026-11-22T10:15:30Z");
        }
    }

    /**
     * The version an {@code If-Match} header asks for, or null when absent. {@code *} is refused: leaving the header
     * out already means "whatever the current version is", and a wildcard delete is too easy to send by accident.
     */
    public static Long ifMatch(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        var matcher = ETAG.matcher(header.trim());
        if (!matcher.matches()) {
            throw ApiProblem.badRequest("If-Match must be an ETag this API returned, such as \"3\"");
        }
        return Long.parseLong(matcher.group(1));
    }

    public static String etag(long version) {
        return "\"" + version + "\"";
    }
}
