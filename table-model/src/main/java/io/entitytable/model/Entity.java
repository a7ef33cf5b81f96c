package io.entitytable.model;

import java.util.Optional;

/** The four subjects of the domain, with the names they carry in keys and in URLs. */
public enum Entity {
    BUSINESS("business", "businesses"),
    CUSTOMER("customer", "customers"),
    STORE("store", "stores"),
    ORDER("order", "orders");

    private final String keyName;
    private final String collection;

    Entity(String keyName, String collection) {
        this.keyName = keyName;
        this.collection = collection;
    }

    /** The lower-case name used in keys, e.g. {@code store} in {@code store#01J...}. */
    public String keyName() {
        return keyName;
    }

    /** The URL collection, e.g. {@code stores} in {@code /stores/{id}}. */
    public String collection() {
        return collection;
    }

    public static Optional<Entity> fromKeyName(String name) {
        for (Entity entity : values()) {
            if (entity.keyName.equals(name)) {
                return Optional.of(entity);
            }
        }
        return Optional.empty();
    }

    public static Optional<Entity> fromCollection(String collection) {
        for (Entity entity : values()) {
            if (entity.collection.equals(collection)) {
                return Optional.of(entity);
            }
        }
        return Optional.empty();
    }
}
