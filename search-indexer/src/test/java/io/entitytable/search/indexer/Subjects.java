package io.entitytable.search.indexer;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Core items of one business, each with fresh ids. */
final class Subjects {
    private static final Instant CREATED = Instant.parse("2026-01-02T03:04:05.678Z");

    final String businessId = Ids.newId();

    DeclaredItem customer(String firstName, String lastName) {
        String customerId = Ids.newId();
        return new DeclaredItem(
                Entity.CUSTOMER,
                customerId,
                businessId,
                Map.of(
                        Attributes.FIRST_NAME,
                        firstName,
                        Attributes.LAST_NAME,
                        lastName,
                        Attributes.EMAIL,
                        firstName.toLowerCase() + "@example.com",
                        Attributes.MAILING_ADDRESSES,
                        Map.of("home", new Address("2 Rue de l'Église", "Orléans", "CVL", "45000", "FR").values())),
                CoreFields.created(Set.of("vip"), CREATED),
                Shard.legacy(customerId));
    }

    /** A store ({@link Entity#STORE} is declared by its fields): its name and address as the API stores them. */
    DeclaredItem store(String name) {
        String storeId = Ids.newId();
        return new DeclaredItem(
                Entity.STORE,
                storeId,
                businessId,
                Map.of(
                        "name",
                        name,
                        "address",
                        new Address("10 Champs-Élysées", "Paris", "IDF", "75008", "FR").values()),
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(storeId));
    }

    /** The same store under another name. */
    static DeclaredItem renamed(DeclaredItem store, String newName) {
        return store.with(Map.of("name", newName));
    }

    /** An order of {@code customer}'s with its {@link #lines}. */
    DeclaredItem order(DeclaredItem customer, String status) {
        String orderId = Ids.newId();
        return SampleSubjects.order(
                orderId,
                businessId,
                customer.id(),
                customer.text(Attributes.FIRST_NAME).orElseThrow(),
                customer.text(Attributes.LAST_NAME).orElseThrow(),
                new Address("1 Calle Mayor", "Málaga", "AN", "29001", "ES").values(),
                status,
                null,
                lines(),
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(orderId));
    }

    static List<Map<String, Object>> lines() {
        return List.of(
                SampleSubjects.line("SKU-CAFE-01", "Café au lait Mug", 1, 1500),
                SampleSubjects.line("SKU-TEA-02", "Green TEA", 2, 500));
    }
}
