package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What every core item carries beside its id and its own fields, whatever its entity: its tags, its version and when it
 * was created and last changed. One value, so that each entity's record holds it as one component, reads it from an
 * item in one place ({@link #of}) and changes it in one place ({@link #withTags}, {@link #withVersion}).
 */
public record CoreFields(Set<String> tags, long version, Instant createdAt, Instant updatedAt) {

    /** A new subject's: version 1, created and changed at {@code now}. */
    public static CoreFields created(Set<String> tags, Instant now) {
        return new CoreFields(tags, 1, now, now);
    }

    /** Read from any core item. */
    public static CoreFields of(Map<String, AttributeValue> item) {
        return new CoreFields(
                Values.set(item, Attributes.TAGS),
                Values.number(item, Attributes.VERSION),
                Values.instant(item, Attributes.CREATED_AT),
                Values.instant(item, Attributes.UPDATED_AT));
    }

    /** Other tags, at the same version (the caller bumps it). */
    public CoreFields withTags(Set<String> newTags) {
        return new CoreFields(Set.copyOf(newTags), version, createdAt, updatedAt);
    }

    /** Another version, changed at {@code changedAt}; the creation time never changes. */
    public CoreFields withVersion(long newVersion, Instant changedAt) {
        return new CoreFields(tags, newVersion, createdAt, changedAt);
    }
}
