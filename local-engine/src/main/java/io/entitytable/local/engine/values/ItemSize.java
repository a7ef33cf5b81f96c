package io.entitytable.local.engine.values;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * An item's size as DynamoDB counts it (400 KB limit, 1 MB pages, capacity units): each attribute's name in UTF-8 bytes
 * plus its value; a string its UTF-8 bytes, a number about one byte per two significant digits plus one, a binary its
 * bytes, a Boolean or null one byte, a list or map three bytes plus one per element plus its elements.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html">Item
 *     sizes</a>
 */
public final class ItemSize {
    private ItemSize() {}

    public static long of(Map<String, Value> item) {
        long size = 0;
        for (Map.Entry<String, Value> attribute : item.entrySet()) {
            size += utf8(attribute.getKey()) + of(attribute.getValue());
        }
        return size;
    }

    public static long of(Value value) {
        if (value instanceof Value.Str s) {
            return utf8(s.value());
        }
        if (value instanceof Value.Num n) {
            return number(n.value());
        }
        if (value instanceof Value.Bin b) {
            return b.length();
        }
        if (value instanceof Value.Bool || value instanceof Value.Null) {
            return 1;
        }
        if (value instanceof Value.StrSet ss) {
            return ss.values().stream().mapToLong(ItemSize::utf8).sum();
        }
        if (value instanceof Value.NumSet ns) {
            return ns.values().stream().mapToLong(ItemSize::number).sum();
        }
        if (value instanceof Value.BinSet bs) {
            return bs.values().stream().mapToLong(Value.Bin::length).sum();
        }
        if (value instanceof Value.ListValue l) {
            long size = 3;
            for (Value element : l.values()) {
                size += 1 + of(element);
            }
            return size;
        }
        Value.MapValue m = (Value.MapValue) value;
        long size = 3;
        for (Map.Entry<String, Value> entry : m.values().entrySet()) {
            size += 1 + utf8(entry.getKey()) + of(entry.getValue());
        }
        return size;
    }

    public static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Significant digits in pairs, plus one byte (DynamoDB's documented approximation: at most 21 bytes). */
    private static long number(BigDecimal value) {
        if (value.signum() == 0) {
            return 1;
        }
        int digits = value.precision();
        return Math.min(21, (digits + 1) / 2 + 1);
    }
}
