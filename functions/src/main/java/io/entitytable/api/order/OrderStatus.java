package io.entitytable.api.order;

import io.entitytable.api.error.ApiProblem;
import java.util.Locale;
import java.util.regex.Pattern;

/** The statuses an order moves through; each is a partition family of the status index. */
public enum OrderStatus {
    OPEN,
    PAID,
    SHIPPED,
    DELIVERED,
    CANCELLED;

    public static final String PATTERN = "(?i)OPEN|PAID|SHIPPED|DELIVERED|CANCELLED";
    /** {@link #PATTERN} as the OpenAPI document states it: ECMA-262 patterns have no inline {@code (?i)} flag. */
    public static final String PATTERN_ECMA = "[Oo][Pp][Ee][Nn]|[Pp][Aa][Ii][Dd]|[Ss][Hh][Ii][Pp][Pp][Ee][Dd]"
            + "|[Dd][Ee][Ll][Ii][Vv][Ee][Rr][Ee][Dd]|[Cc][Aa][Nn][Cc][Ee][Ll][Ll][Ee][Dd]";

    private static final Pattern SHAPE = Pattern.compile(PATTERN);
    static final String MESSAGE = "must be one of OPEN, PAID, SHIPPED, DELIVERED, CANCELLED";

    /** The normalised status of a body field, or a 422 naming the allowed ones. */
    public static String parse(String field, String value) {
        if (!isStatus(value)) {
            throw ApiProblem.invalid(field, MESSAGE);
        }
        return value.trim().toUpperCase(Locale.ROOT);
    }

    /** The normalised status of a query parameter, or a 400 naming the allowed ones. */
    public static String parseParameter(String parameter, String value) {
        if (!isStatus(value)) {
            throw ApiProblem.badParameter(parameter, MESSAGE);
        }
        return value.trim().toUpperCase(Locale.ROOT);
    }

    private static boolean isStatus(String value) {
        return value != null && SHAPE.matcher(value.trim()).matches();
    }
}
