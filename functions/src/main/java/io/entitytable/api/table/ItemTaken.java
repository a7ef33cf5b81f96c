package io.entitytable.api.table;

/**
 * An item a write was to put on condition that its key is new was there already: which one, by its place among the
 * items the write was given to put.
 */
public final class ItemTaken extends RuntimeException {
    private final int index;

    public ItemTaken(int index) {
        super("item " + index + " to create exists", null, false, false);
        this.index = index;
    }

    public int index() {
        return index;
    }
}
