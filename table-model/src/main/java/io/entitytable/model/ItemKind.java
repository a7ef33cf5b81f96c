package io.entitytable.model;

/** The {@code kind} attribute: who owns an item and therefore who may write it. */
public enum ItemKind {
    /** Business, customer, store and order items: written by the API only. */
    CORE("core"),
    /** Order lines: written by the API with their order, never fanned out. */
    LINE("line"),
    /** A copy of a customer or store in the other side's partition: written by the fan-out only. */
    EDGE("edge"),
    /** A copy of a tagged subject in a {@code tag#<t>} partition: written by the fan-out only. */
    TAG("tag");

    private final String value;

    ItemKind(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static ItemKind fromValue(String value) {
        for (ItemKind kind : values()) {
            if (kind.value.equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown item kind: " + value);
    }
}
