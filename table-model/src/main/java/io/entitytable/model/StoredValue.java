package io.entitytable.model;

import java.util.Locale;

/**
 * An enum the table stores by value: its constant's name in lower case ({@code running}, {@code tombstone}). One rule
 * for every such attribute, so that a value written by one module is the value another reads.
 */
public interface StoredValue {
    /** The constant's name, as every enum has it. */
    String name();

    /** The stored value: the name in lower case. */
    default String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The constant of {@code type} stored as {@code value}; an unknown value is an {@link IllegalArgumentException}. */
    static <E extends Enum<E> & StoredValue> E fromValue(Class<E> type, String value) {
        for (E constant : type.getEnumConstants()) {
            if (constant.value().equals(value)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName() + " value: " + value);
    }
}
