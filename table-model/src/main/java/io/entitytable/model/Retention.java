package io.entitytable.model;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A business's retention of finished subjects, for each entity that declares a {@link Lifecycle}: what the business's
 * operator set ({@code PUT /businesses/{id}/retention}), else the declaration's default. Kept on the business item,
 * in {@link Attributes#RETENTION}, a map from an entity's collection name ({@code orders}) to an ISO-8601 duration; an
 * entity the map does not name has its default, so a new declaration needs no write to existing businesses.
 *
 * @param set what the business set, by entity
 */
public record Retention(Map<Entity, Duration> set) {

    public Retention {
        set = Map.copyOf(set);
    }

    /** The retention the business item {@code business} holds. */
    public static Retention of(Map<String, AttributeValue> business) {
        Map<Entity, Duration> set = new LinkedHashMap<>();
        Values.map(business, Attributes.RETENTION).forEach((collection, value) -> Entity.fromCollection(collection)
                .filter(entity -> entity.lifecycle().isPresent())
                .ifPresent(entity -> parse(value.s()).ifPresent(duration -> set.put(entity, duration))));
        return new Retention(set);
    }

    /** How long finished subjects of {@code entity} stay in the table for this business. */
    public Duration of(Entity entity) {
        Lifecycle lifecycle =
                entity.lifecycle().orElseThrow(() -> new IllegalArgumentException(entity + " declares no lifecycle"));
        return set.getOrDefault(entity, lifecycle.defaultRetention());
    }

    /** This retention with {@code entity}'s set to {@code duration}. */
    public Retention with(Entity entity, Duration duration) {
        Map<Entity, Duration> next = new LinkedHashMap<>(set);
        next.put(entity, duration);
        return new Retention(next);
    }

    /** What the business item stores: a map from collection name to ISO-8601 duration. */
    public AttributeValue toAttribute() {
        Map<String, AttributeValue> stored = new LinkedHashMap<>();
        set.forEach((entity, duration) -> stored.put(entity.collection(), Values.s(format(duration))));
        return AttributeValue.fromM(stored);
    }

    /** Every entity with a lifecycle and this business's retention of it, by collection name, in definition order. */
    public Map<String, Duration> byCollection() {
        Map<String, Duration> all = new LinkedHashMap<>();
        for (Entity entity : Entity.all()) {
            if (entity.lifecycle().isPresent()) {
                all.put(entity.collection(), of(entity));
            }
        }
        return all;
    }

    /**
     * {@code duration} in ISO-8601 as people write retentions: whole days in days ({@code P400D}), anything else as
     * {@link Duration#toString} writes it ({@code PT10S}), which would say {@code PT9600H} for 400 days.
     */
    public static String format(Duration duration) {
        return duration.toSeconds() % Duration.ofDays(1).toSeconds() == 0 && duration.getNano() == 0
                ? "P" + duration.toDays() + "D"
                : duration.toString();
    }

    private static Optional<Duration> parse(String stored) {
        try {
            return Optional.ofNullable(stored).map(Duration::parse);
        } catch (DateTimeParseException unreadable) {
            // Only the API writes it, validated; an unreadable value falls back to the default, never to zero.
            return Optional.empty();
        }
    }
}
