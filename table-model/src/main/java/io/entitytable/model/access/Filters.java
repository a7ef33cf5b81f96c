package io.entitytable.model.access;

import java.util.Arrays;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Filter conditions on one attribute, possibly nested ({@code shipTo.city}). Each names its attributes {@code #<name>}
 * and its value {@code :<last name>}, so filters on different attributes combine with {@link Expression#and}.
 */
public final class Filters {
    private Filters() {}

    /** {@code path = value}. */
    public static Expression equal(AttributeValue value, String... path) {
        return compare("=", value, path);
    }

    /** {@code path >= value}. */
    public static Expression atLeast(AttributeValue value, String... path) {
        return compare(">=", value, path);
    }

    /** {@code contains(attribute, value)}: a set or list attribute that holds {@code value}. */
    public static Expression contains(String attribute, AttributeValue value) {
        return Expression.builder()
                .expression("contains(#" + attribute + ", :" + attribute + ")")
                .putExpressionName("#" + attribute, attribute)
                .putExpressionValue(":" + attribute, value)
                .build();
    }

    private static Expression compare(String operator, AttributeValue value, String... path) {
        Expression.Builder filter = Expression.builder();
        for (String attribute : path) {
            filter.putExpressionName("#" + attribute, attribute);
        }
        String left = Arrays.stream(path).map(attribute -> "#" + attribute).collect(Collectors.joining("."));
        return filter.expression(left + " " + operator + " :" + path[path.length - 1])
                .putExpressionValue(":" + path[path.length - 1], value)
                .build();
    }
}
