package io.entitytable.local.engine.values;

import io.entitytable.local.engine.protocol.ApiException;
import java.math.BigDecimal;

/**
 * DynamoDB's number rules: up to 38 significant digits, magnitudes from 1E-130 to 9.9999999999999999999999999999999999999E+125
 * (and zero), leading and trailing zeros trimmed.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html#HowItWorks.DataTypes.Number">
 *     Number</a>
 */
public final class Numbers {
    private static final BigDecimal LARGEST = new BigDecimal("9.9999999999999999999999999999999999999E+125");
    private static final BigDecimal SMALLEST = new BigDecimal("1E-130");

    private Numbers() {}

    /** Zero as plain {@code 0}; others without trailing zeros, so {@code 1.50} and {@code 1.5} are one number. */
    public static BigDecimal normalise(BigDecimal value) {
        return value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    }

    /** The number {@code text} denotes, or the ValidationException DynamoDB answers for it. */
    public static BigDecimal parse(String text) {
        BigDecimal value;
        try {
            value = new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw ApiException.validation("The parameter cannot be converted to a numeric value: " + text);
        }
        return checked(value);
    }

    /** {@code value} if DynamoDB can hold it, else the ValidationException it answers. */
    public static BigDecimal checked(BigDecimal value) {
        BigDecimal normalised = normalise(value);
        if (normalised.signum() == 0) {
            return normalised;
        }
        if (normalised.precision() > 38) {
            throw ApiException.validation("Attempting to store more than 38 significant digits in a Number");
        }
        BigDecimal magnitude = normalised.abs();
        if (magnitude.compareTo(LARGEST) > 0) {
            throw ApiException.validation(
                    "Number overflow. Attempting to store a number with magnitude larger than" + " supported range");
        }
        if (magnitude.compareTo(SMALLEST) < 0) {
            throw ApiException.validation(
                    "Number underflow. Attempting to store a number with magnitude smaller than" + " supported range");
        }
        return normalised;
    }

    /** The text DynamoDB answers for a number: plain notation, no exponent. */
    public static String print(BigDecimal value) {
        return value.toPlainString();
    }
}
