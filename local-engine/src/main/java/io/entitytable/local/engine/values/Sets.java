package io.entitytable.local.engine.values;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** Immutable, insertion-ordered copies of a value's members (the JDK's {@code Set.copyOf} forgets the order). */
final class Sets {
    private Sets() {}

    static <T> Set<T> frozen(Set<T> values) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(values));
    }

    static <K, V> Map<K, V> frozen(Map<K, V> values) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    static Set<BigDecimal> normalisedNumbers(Set<BigDecimal> values) {
        Set<BigDecimal> normalised = new LinkedHashSet<>();
        for (BigDecimal value : values) {
            normalised.add(Numbers.normalise(value));
        }
        return normalised;
    }
}
