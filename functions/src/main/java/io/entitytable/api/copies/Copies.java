package io.entitytable.api.copies;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Keys;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads a duplicate item (an edge or a tag copy) as the subject it copies: the subject is named by the copy's sort
 * key, its version is the copy's {@code sourceVersion}. Index attributes are never copied, so for instance a store
 * read from an edge has no {@code businessId}.
 */
public final class Copies {
    private Copies() {}

    public static DeclaredItem toSubject(Map<String, AttributeValue> copy) {
        Keys.SubjectRef source = Keys.parseSubjectRef(copy.get(Attributes.TYPE).s())
                .orElseThrow(() -> new IllegalStateException(
                        "not a copy: " + copy.get(Attributes.TYPE).s()));
        Map<String, AttributeValue> subject = new HashMap<>(copy);
        subject.put(Attributes.ID, AttributeValue.fromS(source.id()));
        subject.put(Attributes.VERSION, copy.get(Attributes.SOURCE_VERSION));
        return CoreItem.from(subject);
    }

    /**
     * A copy of a subject of {@code businessId} as that subject: the list that read it knows the business, which no
     * copy carries.
     */
    public static DeclaredItem toSubject(Map<String, AttributeValue> copy, String businessId) {
        Map<String, AttributeValue> named = new HashMap<>(copy);
        named.put(Attributes.BUSINESS_ID, AttributeValue.fromS(businessId));
        return toSubject(named);
    }
}
