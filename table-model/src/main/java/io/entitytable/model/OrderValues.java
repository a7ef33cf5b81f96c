package io.entitytable.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What an order's declaration derives from its lines ({@link Entity#ORDER}): its total, and the SKUs it is copied under. */
final class OrderValues {
    private OrderValues() {}

    /** The sum of its lines' {@code quantity × unitPriceCents}; none without lines. */
    static Long total(Map<String, Object> order) {
        List<Map<?, ?>> lines = lines(order);
        if (lines == null) {
            return null;
        }
        return lines.stream()
                .mapToLong(line -> ((Number) line.get(Attributes.QUANTITY)).longValue()
                        * ((Number) line.get(Attributes.UNIT_PRICE_CENTS)).longValue())
                .sum();
    }

    /** The distinct SKUs of its lines, in the lines' order; none without lines. */
    static List<String> skus(Map<String, Object> order) {
        List<Map<?, ?>> lines = lines(order);
        if (lines == null) {
            return null;
        }
        return lines.stream()
                .map(line -> (String) line.get(Attributes.SKU))
                .filter(Objects::nonNull)
                .distinct()
                .toList();
    }

    private static List<Map<?, ?>> lines(Map<String, Object> order) {
        if (!(order.get(Attributes.LINES) instanceof List<?> lines)) {
            return null;
        }
        return lines.stream().<Map<?, ?>>map(line -> (Map<?, ?>) line).toList();
    }
}
