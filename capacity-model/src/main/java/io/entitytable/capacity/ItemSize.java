package io.entitytable.capacity;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's item-size rule: the UTF-8 bytes of every attribute name plus the size of its value; a number is about
 * one byte per two significant digits plus one; a map or list adds 3 bytes and 1 byte per element.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html">Item
 *     sizes</a>
 */
final class ItemSize {
    static final int WRITE_UNIT_BYTES = 1024;
    static final int READ_UNIT_BYTES = 4096;

    private ItemSize() {}

    static long bytes(Map<String, AttributeValue> item) {
        if (item == null) {
            return 0;
        }
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            bytes += utf8(attribute.getKey()) + valueBytes(attribute.getValue());
        }
        return bytes;
    }

    /** Write units of one write of an item this size: one per started KB. */
    static int writeUnits(long bytes) {
        return (int) Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }

    /** Read units of one read of this many bytes: one per started 4 KB, half of that eventually consistent. */
    static double readUnits(long bytes, boolean consistent) {
        long units = Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
        return consistent ? units : units / 2.0;
    }

    private static long valueBytes(AttributeValue value) {
        return switch (value.type()) {
            case S -> utf8(value.s());
            case N -> numberBytes(value.n());
            case B -> value.b().asByteArray().length;
            case SS -> value.ss().stream().mapToLong(ItemSize::utf8).sum();
            case NS -> value.ns().stream().mapToLong(ItemSize::numberBytes).sum();
            case BS -> value.bs().stream()
                    .mapToLong(b -> b.asByteArray().length)
                    .sum();
            case M -> 3
                    + value.m().entrySet().stream()
                            .mapToLong(e -> utf8(e.getKey()) + valueBytes(e.getValue()) + 1)
                            .sum();
            case L -> 3 + value.l().stream().mapToLong(e -> valueBytes(e) + 1).sum();
            case BOOL, NUL -> 1;
            default -> throw new IllegalArgumentException("unsized attribute value " + value);
        };
    }

    /** Its significant digits: from the first non-zero digit to the last (no regex: the model sizes millions). */
    private static long numberBytes(String number) {
        int first = -1;
        int last = -1;
        int digits = 0;
        for (int i = 0; i < number.length(); i++) {
            char c = number.charAt(i);
            if (c >= '0' && c <= '9') {
                if (c != '0') {
                    if (first < 0) {
                        first = digits;
                    }
                    last = digits;
                }
                digits++;
            }
        }
        int significant = first < 0 ? 0 : last - first + 1;
        return Math.max(1, (significant + 1) / 2) + 1;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
