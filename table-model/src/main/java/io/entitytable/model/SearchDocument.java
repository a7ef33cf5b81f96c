package io.entitytable.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the search index holds for one core item: who it is ({@code type}, {@code id}, {@code businessId}), its
 * {@code version} (the index keeps the highest one it saw), whether it was deleted, a {@code title} to show, and the
 * text it is found by. Built from a stream image, so the indexer needs nothing but the record, and an order's lines.
 *
 * <p>Customers, stores and orders are indexed; businesses are not: the search runs inside one business
 * ({@code /businesses/{id}/search}), so a business is the scope of a search, never one of its results. Duplicates
 * (edges, tag copies) are never indexed: they repeat their subject, whose one document already answers for it.
 *
 * <p>A deleted subject stays as a tombstone ({@link #tombstone}), so that a late, older record can never bring it
 * back; tombstones are purged once no older record can still arrive. The index orders documents by {@link
 * #indexVersion()}: twice the item's version for a live document, one more for a tombstone. A tombstone thus sits
 * above every record of its last version and below the next version, which a rename needs: it is a REMOVE of the old
 * key and an INSERT of the new one at the next version, in either order.
 *
 * @param type the entity's key name ({@code customer}, {@code store}, {@code order})
 * @param text the text fields ({@link SearchFields#TEXT}) with their values; absent fields are left out
 */
public record SearchDocument(
        String type,
        String id,
        String businessId,
        long version,
        boolean deleted,
        Instant changedAt,
        String title,
        Map<String, List<String>> text) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public SearchDocument {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(businessId, "businessId");
        text = Map.copyOf(text);
    }

    /** Whether the search index holds items of this entity. */
    public static boolean indexes(Entity entity) {
        return entity != Entity.BUSINESS;
    }

    /**
     * The document of a core item's image, or empty for an entity the index does not hold.
     *
     * @param orderLines an order's lines (they are items of their own, not in the order's image); ignored otherwise
     */
    public static Optional<SearchDocument> of(Map<String, AttributeValue> image, List<OrderLine> orderLines) {
        return switch (CoreItem.entityOf(image)) {
            case BUSINESS -> Optional.empty();
            case CUSTOMER -> Optional.of(of(Customer.from(image)));
            case STORE -> Optional.of(of(Store.from(image)));
            case ORDER -> Optional.of(of(Order.from(image).withLines(orderLines == null ? List.of() : orderLines)));
        };
    }

    /**
     * The tombstone of a deleted core item: its last image's identity and version, with no text.
     *
     * @param deletedAt when the delete happened (the stream record's creation time)
     */
    public static Optional<SearchDocument> tombstone(Map<String, AttributeValue> lastImage, Instant deletedAt) {
        Entity entity = CoreItem.entityOf(lastImage);
        if (!indexes(entity)) {
            return Optional.empty();
        }
        return Optional.of(new SearchDocument(
                entity.keyName(),
                Values.string(lastImage, Attributes.ID),
                Values.string(lastImage, Attributes.BUSINESS_ID),
                Values.number(lastImage, Attributes.VERSION),
                true,
                deletedAt,
                null,
                Map.of()));
    }

    static SearchDocument of(Customer customer) {
        TextFields text = new TextFields()
                .add(SearchFields.FIRST_NAME, customer.firstName())
                .add(SearchFields.LAST_NAME, customer.lastName())
                .add(SearchFields.EMAIL, customer.email())
                .add(SearchFields.TAGS, sorted(customer.tags()));
        // Addresses in label order, so the same customer always gives the same document.
        if (customer.mailingAddresses() != null) {
            new TreeMap<>(customer.mailingAddresses()).values().forEach(text::add);
        }
        return new SearchDocument(
                Entity.CUSTOMER.keyName(),
                customer.id(),
                customer.businessId(),
                customer.version(),
                false,
                customer.updatedAt(),
                fullName(customer.firstName(), customer.lastName()),
                text.values());
    }

    static SearchDocument of(Store store) {
        TextFields text = new TextFields()
                .add(SearchFields.NAME, store.name())
                .add(store.address())
                .add(SearchFields.TAGS, sorted(store.tags()));
        return new SearchDocument(
                Entity.STORE.keyName(),
                store.id(),
                store.businessId(),
                store.version(),
                false,
                store.updatedAt(),
                store.name(),
                text.values());
    }

    static SearchDocument of(Order order) {
        String customerName = order.customer() == null
                ? null
                : fullName(order.customer().firstName(), order.customer().lastName());
        List<OrderLine> lines = order.lines() == null ? List.of() : order.lines();
        TextFields text = new TextFields()
                .add(SearchFields.STATUS, order.status())
                .add(SearchFields.CUSTOMER_NAME, customerName)
                .add(SearchFields.DESCRIPTION, lines.stream().map(OrderLine::description))
                .add(SearchFields.SKU, lines.stream().map(OrderLine::sku))
                .add(SearchFields.TAGS, sorted(order.tags()));
        String title = Stream.of(customerName, order.status())
                .filter(Objects::nonNull)
                .reduce((a, b) -> a + " · " + b)
                .orElse(order.id());
        return new SearchDocument(
                Entity.ORDER.keyName(),
                order.id(),
                order.businessId(),
                order.version(),
                false,
                order.updatedAt(),
                title,
                text.values());
    }

    /**
     * The version the index keeps documents by (OpenSearch's external version): {@code 2 * version} for a live
     * document, {@code 2 * version + 1} for a tombstone.
     */
    public long indexVersion() {
        return 2 * version + (deleted ? 1 : 0);
    }

    /** The document as the index stores it: field name to value, text fields of one value as plain strings. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(SearchFields.TYPE, type);
        map.put(SearchFields.ID, id);
        map.put(SearchFields.BUSINESS_ID, businessId);
        map.put(SearchFields.VERSION, version);
        map.put(SearchFields.DELETED, deleted);
        if (changedAt != null) {
            map.put(SearchFields.CHANGED_AT, changedAt.toString());
        }
        if (title != null) {
            map.put(SearchFields.TITLE, title);
        }
        SearchFields.TEXT.stream().filter(text::containsKey).forEach(field -> {
            List<String> values = text.get(field);
            map.put(field, values.size() == 1 ? values.get(0) : values);
        });
        return map;
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(toMap());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String fullName(String firstName, String lastName) {
        return Stream.of(firstName, lastName)
                .filter(Objects::nonNull)
                .reduce((a, b) -> a + " " + b)
                .orElse(null);
    }

    private static Stream<String> sorted(java.util.Set<String> values) {
        return values == null ? Stream.empty() : values.stream().sorted();
    }

    /** Collects text field values in a fixed order, leaving out blanks. */
    private static final class TextFields {
        private final Map<String, List<String>> values = new LinkedHashMap<>();

        TextFields add(String field, String value) {
            if (value != null && !value.isBlank()) {
                values.computeIfAbsent(field, f -> new ArrayList<>()).add(value);
            }
            return this;
        }

        TextFields add(String field, Stream<String> fieldValues) {
            fieldValues.forEach(value -> add(field, value));
            return this;
        }

        TextFields add(Address address) {
            if (address != null) {
                add(SearchFields.STREET, address.street());
                add(SearchFields.CITY, address.city());
            }
            return this;
        }

        Map<String, List<String>> values() {
            Map<String, List<String>> copy = new LinkedHashMap<>();
            values.forEach((field, list) -> copy.put(field, List.copyOf(list)));
            return copy;
        }
    }
}
