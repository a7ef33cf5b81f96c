package io.entitytable.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an {@code Idempotency-Key} remembers of the request that first used it (docs/design.md §8, "Idempotent
 * requests"): who sent it, a fingerprint of the request, and the answer, to be replayed as it was to a retry of the
 * same request. The API writes it in the same transaction as the write it answers for, so there is no moment in which
 * the write is done and its record is not.
 *
 * <p>One item a caller and key ({@link Keys#idempotencyId}), of kind {@link ItemKind#IDEMPOTENCY}: listed in
 * businessGsi under the business its write is of ({@link #toItem(String)}, {@link Keys#idempotencyPartition}), where
 * erasing the business finds it, and in no other index; kept from the fan-out and the search indexer by the stream
 * filters, and deleted by DynamoDB after {@link #expiresAt}, the table's time-to-live attribute. DynamoDB deletes expired items late, and
 * the local DynamoDB engine never: a record past {@link #expiresAt} is absent to every reader ({@link #isLiveAt}).
 *
 * @param caller the token's {@code sub} of the caller that used the key
 * @param key the key as sent
 * @param fingerprint a hash of the request's method, path and canonical body
 * @param status the first answer's status
 * @param location its {@code Location}, or null
 * @param etag its {@code ETag}, or null
 * @param body its body, exactly as sent
 * @param createdAt when the record was written
 * @param expiresAt when it stops answering: {@link #KEPT} after {@code createdAt}
 */
public record IdempotencyRecord(
        String caller,
        String key,
        String fingerprint,
        int status,
        String location,
        String etag,
        String body,
        Instant createdAt,
        Instant expiresAt) {

    /** How long a key answers with its first answer. */
    public static final Duration KEPT = Duration.ofHours(24);

    /** The longest key, in characters. */
    public static final int MAX_KEY_LENGTH = 255;

    /** The record's key in the table. */
    public static ItemKey keyOf(String caller, String key) {
        return new ItemKey(Keys.idempotencyId(caller, key), Keys.IDEMPOTENCY_TYPE);
    }

    public ItemKey itemKey() {
        return keyOf(caller, key);
    }

    /** False once {@code now} is past {@link #expiresAt}: the key is free again, whether or not the item is gone. */
    public boolean isLiveAt(Instant now) {
        return now.isBefore(expiresAt);
    }

    /** True when {@code fingerprint} is of the request this key was first used for. */
    public boolean isFor(String fingerprint) {
        return this.fingerprint.equals(fingerprint);
    }

    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = Values.newItem();
        ItemKey itemKey = itemKey();
        item.put(Attributes.ID, Values.s(itemKey.id()));
        item.put(Attributes.TYPE, Values.s(itemKey.type()));
        item.put(Attributes.KIND, Values.s(ItemKind.IDEMPOTENCY.value()));
        item.put(Attributes.IDEMPOTENCY_CALLER, Values.s(caller));
        item.put(Attributes.IDEMPOTENCY_KEY, Values.s(key));
        item.put(Attributes.IDEMPOTENCY_FINGERPRINT, Values.s(fingerprint));
        item.put(Attributes.IDEMPOTENCY_STATUS, Values.n(status));
        Values.putString(item, Attributes.IDEMPOTENCY_LOCATION, location);
        Values.putString(item, Attributes.IDEMPOTENCY_ETAG, etag);
        item.put(Attributes.IDEMPOTENCY_BODY, Values.s(body));
        item.put(Attributes.CREATED_AT, Values.instant(createdAt));
        // The time-to-live attribute must be a number of epoch seconds, or DynamoDB ignores it.
        item.put(Attributes.EXPIRES_AT, Values.n(expiresAt.getEpochSecond()));
        return item;
    }

    /**
     * The item, listed in businessGsi under the idempotency partition of {@code businessShard}: the write shard of the
     * subject the request wrote ({@link Attributes#BUSINESS_SHARD} of its core item), so that erasing its business
     * deletes the record, and the answer it keeps, with everything else of the business. Null lists it nowhere.
     */
    public Map<String, AttributeValue> toItem(String businessShard) {
        Map<String, AttributeValue> item = toItem();
        if (businessShard != null) {
            item.put(Attributes.BUSINESS_SHARD, Values.s(Keys.idempotencyPartition(businessShard)));
        }
        return item;
    }

    public static IdempotencyRecord from(Map<String, AttributeValue> item) {
        return new IdempotencyRecord(
                Values.string(item, Attributes.IDEMPOTENCY_CALLER),
                Values.string(item, Attributes.IDEMPOTENCY_KEY),
                Values.string(item, Attributes.IDEMPOTENCY_FINGERPRINT),
                (int) Values.number(item, Attributes.IDEMPOTENCY_STATUS),
                Values.string(item, Attributes.IDEMPOTENCY_LOCATION),
                Values.string(item, Attributes.IDEMPOTENCY_ETAG),
                Values.string(item, Attributes.IDEMPOTENCY_BODY),
                Values.instant(item, Attributes.CREATED_AT),
                Instant.ofEpochSecond(Values.number(item, Attributes.EXPIRES_AT)));
    }
}
