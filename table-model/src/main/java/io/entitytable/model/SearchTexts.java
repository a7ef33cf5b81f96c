package io.entitytable.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The search text of the domain's searchable entities, named in their definitions ({@link Entity}). */
final class SearchTexts {
    private SearchTexts() {}

    /** An order is found by its lines too: they are items of its collection, not part of its image. */
    static SearchText of(DeclaredItem order, List<Map<String, AttributeValue>> collectionItems) {
        String customerName = order.values().get(Attributes.CUSTOMER_SNAPSHOT) instanceof Map<?, ?> customer
                ? fullName((String) customer.get(Attributes.FIRST_NAME), (String) customer.get(Attributes.LAST_NAME))
                : null;
        List<Map<String, AttributeValue>> lines = collectionItems.stream()
                .filter(item -> Keys.isLineType(Values.string(item, Attributes.TYPE)))
                .toList();
        String status = order.text(Attributes.STATUS).orElse(null);
        String title = Stream.of(customerName, status)
                .filter(Objects::nonNull)
                .reduce((a, b) -> a + " · " + b)
                .orElse(order.id());
        return SearchText.titled(title)
                .add(SearchFields.STATUS, status)
                .add(SearchFields.CUSTOMER_NAME, customerName)
                .add(SearchFields.DESCRIPTION, lines.stream().map(line -> Values.string(line, Attributes.DESCRIPTION)))
                .add(SearchFields.SKU, lines.stream().map(line -> Values.string(line, Attributes.SKU)))
                .add(SearchFields.TAGS, sorted(order.tags()))
                .build();
    }

    private static String fullName(String firstName, String lastName) {
        return Stream.of(firstName, lastName)
                .filter(Objects::nonNull)
                .reduce((a, b) -> a + " " + b)
                .orElse(null);
    }

    private static Stream<String> sorted(Set<String> values) {
        return values == null ? Stream.empty() : values.stream().sorted();
    }
}
