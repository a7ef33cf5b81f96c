package io.entitytable.api.events;

import io.entitytable.model.Entity;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Optional;

/**
 * The fixed ids the sample events of {@code events/api} put in their paths (its README lists them): one per entity,
 * and {@code priority} for a tag. An entity without a listed id (one declared by its fields) gets one made from its
 * collection's name, so that its events, generated again, name the same id.
 */
public final class SampleIds {
    public static final String BUSINESS = "01JD8X3K5Q7Y2M4N6P8R0T2V4W";
    public static final String CUSTOMER = "01JD8X4B2C3D4E5F6G7H8J9K0M";
    public static final String STORE = "01JD8X5N6P7Q8R9S0T1V2W3X4Y";
    public static final String ORDER = "01JD8X6A1B2C3D4E5F6G7H8J9K";
    public static final String TAG = "priority";

    private static final Map<Entity, String> LISTED =
            Map.of(Entity.BUSINESS, BUSINESS, Entity.CUSTOMER, CUSTOMER, Entity.STORE, STORE, Entity.ORDER, ORDER);
    /** Crockford's base 32, the alphabet of ULIDs. */
    private static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    /** The time part the listed ids share, so that a made id sorts among them. */
    private static final String TIME = "01JD8X";

    private SampleIds() {}

    /**
     * The value of path parameter {@code name} in {@code pathTemplate}: {@code {id}} is the id of the entity whose
     * collection the path starts with, {@code {storeId}} a store's, {@code {tag}} the tag.
     */
    public static String forParameter(String pathTemplate, String name) {
        if (name.equals("tag")) {
            return TAG;
        }
        Optional<Entity> entity = name.equals("id")
                ? Entity.fromCollection(pathTemplate.substring(1).split("/")[0])
                : name.endsWith("Id") ? Entity.fromKeyName(name.substring(0, name.length() - 2)) : Optional.empty();
        return of(entity.orElseThrow(() ->
                new IllegalArgumentException("no sample value for path parameter {" + name + "} of " + pathTemplate)));
    }

    /** The fixed id of an entity. */
    public static String of(Entity entity) {
        String listed = LISTED.get(entity);
        return listed != null ? listed : madeFrom(entity.collection());
    }

    private static String madeFrom(String collection) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(collection.getBytes(StandardCharsets.UTF_8));
            StringBuilder id = new StringBuilder(TIME);
            for (int i = 0; id.length() < 26; i++) {
                id.append(ALPHABET.charAt((digest[i] & 0xFF) % ALPHABET.length()));
            }
            return id.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
