package io.entitytable.verify.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One of the marks a {@link StreamTail} writes into its table ({@code id = mark.<token>.<n>}, {@code type = mark}, kind
 * {@code mark}) to learn that it has read every shard of the table's stream past a moment. A stream keeps each shard in
 * the order of its writes, so a mark read from a shard follows every write made to that shard before the mark. Marks
 * have a lifetime, so one left behind by a tail that stopped goes on its own.
 */
record StreamMark(String token, int n) {

    ItemKey key() {
        return new ItemKey(Keys.streamMarkId(token, n), Keys.STREAM_MARK_TYPE);
    }

    Map<String, AttributeValue> toItem(Instant expiresAt) {
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(key().toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.MARK.value()));
        item.put(Attributes.EXPIRES_AT, Values.n(expiresAt.getEpochSecond()));
        return item;
    }

    /** The token of the mark {@code image} is, if it is one. */
    static Optional<String> tokenOf(Map<String, AttributeValue> image) {
        if (image == null
                || !image.containsKey(Attributes.KIND)
                || !ItemKind.MARK.value().equals(Values.string(image, Attributes.KIND))) {
            return Optional.empty();
        }
        return Keys.tokenOfStreamMark(Values.string(image, Attributes.ID));
    }
}
