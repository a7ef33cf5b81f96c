package io.entitytable.local.engine.values;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The order of key values: numbers numerically, strings by their UTF-8 bytes (unsigned), binaries by their bytes
 * (unsigned). Also the order of the comparison operators ({@code <}, {@code BETWEEN}) on scalars of one type.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html">Query (sort key
 *     order)</a>
 */
public final class ValueOrder {
    private ValueOrder() {}

    /** Whether {@code a} and {@code b} are scalars of one ordered type (S, N or B). */
    public static boolean comparable(Value a, Value b) {
        return (a instanceof Value.Str && b instanceof Value.Str)
                || (a instanceof Value.Num && b instanceof Value.Num)
                || (a instanceof Value.Bin && b instanceof Value.Bin);
    }

    /** Compares two values for which {@link #comparable} holds. */
    public static int compare(Value a, Value b) {
        if (a instanceof Value.Str x && b instanceof Value.Str y) {
            return compareStrings(x.value(), y.value());
        }
        if (a instanceof Value.Num x && b instanceof Value.Num y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof Value.Bin x && b instanceof Value.Bin y) {
            return x.compareTo(y);
        }
        throw new IllegalArgumentException("not comparable: " + a.type() + " and " + b.type());
    }

    public static int compareStrings(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
