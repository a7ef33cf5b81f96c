package io.entitytable.local.engine.values;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One DynamoDB attribute value, of one of the ten data types. Immutable: an update builds new values. Numbers are held
 * normalised ({@link Numbers#normalise}), so equal numbers are equal values and print as DynamoDB prints them.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html">
 *     Supported data types</a>
 */
public sealed interface Value {
    /** The type's descriptor in DynamoDB's JSON: {@code S}, {@code N}, {@code B}, {@code BOOL}, {@code NULL}, ... */
    default String type() {
        return this instanceof Str
                ? "S"
                : this instanceof Num
                        ? "N"
                        : this instanceof Bin
                                ? "B"
                                : this instanceof Bool
                                        ? "BOOL"
                                        : this instanceof Null
                                                ? "NULL"
                                                : this instanceof StrSet
                                                        ? "SS"
                                                        : this instanceof NumSet
                                                                ? "NS"
                                                                : this instanceof BinSet
                                                                        ? "BS"
                                                                        : this instanceof ListValue ? "L" : "M";
    }

    record Str(String value) implements Value {}

    record Num(BigDecimal value) implements Value {
        public Num {
            value = Numbers.normalise(value);
        }
    }

    /** Bytes compared by content: a record of an array would compare identity. */
    final class Bin implements Value {
        private final byte[] bytes;

        public Bin(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        public byte[] bytes() {
            return bytes.clone();
        }

        public int length() {
            return bytes.length;
        }

        /** Unsigned byte order, as DynamoDB compares binary keys. */
        public int compareTo(Bin other) {
            return Arrays.compareUnsigned(bytes, other.bytes);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Bin bin && Arrays.equals(bytes, bin.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Bin[" + Base64.getEncoder().encodeToString(bytes) + "]";
        }
    }

    record Bool(boolean value) implements Value {}

    record Null() implements Value {}

    /** A string set; insertion-ordered, never empty (DynamoDB has no empty set). */
    record StrSet(Set<String> values) implements Value {
        public StrSet {
            values = Sets.frozen(values);
        }
    }

    record NumSet(Set<BigDecimal> values) implements Value {
        public NumSet {
            values = Sets.frozen(Sets.normalisedNumbers(values));
        }
    }

    record BinSet(Set<Bin> values) implements Value {
        public BinSet {
            values = Sets.frozen(values);
        }
    }

    record ListValue(List<Value> values) implements Value {
        public ListValue {
            values = List.copyOf(values);
        }
    }

    /** A map; insertion-ordered so that an item prints its attributes in the order they were written. */
    record MapValue(Map<String, Value> values) implements Value {
        public MapValue {
            values = Sets.frozen(values);
        }
    }
}
