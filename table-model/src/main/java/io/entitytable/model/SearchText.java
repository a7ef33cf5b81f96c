package io.entitytable.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the search index finds one subject by: a title to show and its text fields ({@link SearchFields#TEXT}) with
 * their values, blanks left out, in a fixed order so that the same subject always gives the same document.
 */
public record SearchText(String title, Map<String, List<String>> fields) {

    public SearchText {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        fields.forEach((field, values) -> copy.put(field, List.copyOf(values)));
        fields = copy;
    }

    public static Builder titled(String title) {
        return new Builder(title);
    }

    /**
     * How an entity's subjects are made searchable ({@link Entity#search}).
     *
     * @param readsCollection whether the text also comes from the other items of the subject's item collection (an
     *     order's lines), which whoever builds the document then reads with the core item
     * @param text the text of a core item's image and the other items of its collection (empty unless it reads them)
     */
    public record Spec(
            boolean readsCollection,
            BiFunction<Map<String, AttributeValue>, List<Map<String, AttributeValue>>, SearchText> text) {

        public SearchText of(Map<String, AttributeValue> image, List<Map<String, AttributeValue>> collectionItems) {
            return text.apply(image, collectionItems == null ? List.of() : collectionItems);
        }
    }

    /** Collects text field values in a fixed order, leaving out blanks. */
    public static final class Builder {
        private final String title;
        private final Map<String, List<String>> values = new LinkedHashMap<>();

        private Builder(String title) {
            this.title = title;
        }

        public Builder add(String field, String value) {
            if (value != null && !value.isBlank()) {
                values.computeIfAbsent(field, f -> new ArrayList<>()).add(value);
            }
            return this;
        }

        public Builder add(String field, Stream<String> fieldValues) {
            fieldValues.forEach(value -> add(field, value));
            return this;
        }

        public Builder add(Address address) {
            if (address != null) {
                add(SearchFields.STREET, address.street());
                add(SearchFields.CITY, address.city());
            }
            return this;
        }

        public SearchText build() {
            return new SearchText(title, values);
        }
    }
}
