package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What every core item carries whatever its entity, read once for each entity's {@code from}. */
record CommonAttributes(String id, Set<String> tags, long version, Instant createdAt, Instant updatedAt) {

    static CommonAttributes of(Map<String, AttributeValue> item) {
        return new CommonAttributes(
                Values.string(item, Attributes.ID),
                Values.set(item, Attributes.TAGS),
                Values.number(item, Attributes.VERSION),
                Values.instant(item, Attributes.CREATED_AT),
                Values.instant(item, Attributes.UPDATED_AT));
    }
}
