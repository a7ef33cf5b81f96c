package io.entitytable.model;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The marker a deleted customer or store leaves at {@code (id = <subjectId>, type = tombstone)}, put in the transaction
 * that deletes it.
 *
 * <p>Why it exists: a customer's or store's sort key carries its name, so its live item is found by a Query of its id,
 * and a rename is Delete old key + Put new key in one transaction. DynamoDB gives a Query only read-committed isolation
 * against a transaction, so a Query that runs while a rename commits can see neither key: an empty Query does not prove
 * the subject gone. A GetItem is serializable with transactions and only a delete writes the marker, so the marker read
 * by GetItem does ({@code docs/design.md}, "Gone or renamed"). Which entities leave one, their definitions say ({@link
 * Entity#leavesTombstone}): a subject that never changes key (a business, an order) is proved gone by an empty Query.
 *
 * <p>Kept for good: a tombstone is a few dozen bytes, in no index, and the question "gone or renamed?" can come as late
 * as a refresh job restarted long after the delete.
 */
public final class Tombstone {
    private Tombstone() {}

    public static ItemKey keyOf(String subjectId) {
        return new ItemKey(subjectId, Keys.TOMBSTONE_TYPE);
    }

    /**
     * The tombstone of the core item {@code deleted}: its id and the version deleted. No index key attribute, so it lands
     * in no GSI.
     */
    public static Map<String, AttributeValue> of(Map<String, AttributeValue> deleted) {
        Map<String, AttributeValue> item =
                keyOf(Values.string(deleted, Attributes.ID)).newItem(ItemKind.TOMBSTONE);
        item.put(Attributes.VERSION, Values.n(Values.number(deleted, Attributes.VERSION)));
        return item;
    }
}
