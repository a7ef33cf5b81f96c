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
    static SearchText of(Order order, List<Map<String, AttributeValue>> collectionItems) {
        String customerName = order.customer() == null
                ? null
                : fullName(order.customer().firstName(), order.customer().lastName());
        List<OrderLine> lines = collectionItems.stream()
                .filter(item -> Keys.isLineType(Values.string(item, Attributes.TYPE)))
                .map(OrderLine::from)
                .toList();
        String title = Stream.of(customerName, order.status())
                .filter(Objects::nonNull)
                .reduce((a, b) -> a + " · " + b)
                .orElse(order.id());
        return SearchText.titled(title)
                .add(SearchFields.STATUS, order.status())
                .add(SearchFields.CUSTOMER_NAME, customerName)
                .add(SearchFields.DESCRIPTION, lines.stream().map(OrderLine::description))
                .add(SearchFields.SKU, lines.stream().map(OrderLine::sku))
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
