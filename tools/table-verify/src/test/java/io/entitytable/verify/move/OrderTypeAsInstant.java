package io.entitytable.verify.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A layout change of the table's own keys, for the tests only (the shipped layout does not change): an order's sort key
 * {@code order#<epoch millis, 13 digits>} becomes {@code order#<ISO-8601 instant>}. No table can change an item's key
 * in place, so this needs the move.
 */
final class OrderTypeAsInstant implements LayoutChange {
    private static final Pattern MILLIS = Pattern.compile("order#(\\d{13})");
    private static final Pattern INSTANT = Pattern.compile("order#(\\d{4}-.*Z)");

    static String homeType(Instant createdAt) {
        return String.format(Locale.ROOT, "order#%013d", createdAt.toEpochMilli());
    }

    static String targetType(Instant createdAt) {
        return "order#" + createdAt;
    }

    @Override
    public Map<String, AttributeValue> toTarget(Map<String, AttributeValue> homeItem) {
        Matcher matcher = MILLIS.matcher(Values.string(homeItem, Attributes.TYPE));
        return matcher.matches()
                ? withType(homeItem, targetType(Instant.ofEpochMilli(Long.parseLong(matcher.group(1)))))
                : homeItem;
    }

    @Override
    public Map<String, AttributeValue> toHome(Map<String, AttributeValue> targetItem) {
        Matcher matcher = INSTANT.matcher(Values.string(targetItem, Attributes.TYPE));
        return matcher.matches() ? withType(targetItem, homeType(Instant.parse(matcher.group(1)))) : targetItem;
    }

    private static Map<String, AttributeValue> withType(Map<String, AttributeValue> item, String type) {
        Map<String, AttributeValue> changed = new HashMap<>(item);
        changed.put(Attributes.TYPE, Values.s(type));
        return changed;
    }
}
