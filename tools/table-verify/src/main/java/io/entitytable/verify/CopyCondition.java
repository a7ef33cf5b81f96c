package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The condition of one repair write, so that a repair never moves a copy backwards (DESIGN §4: the fan-out's rule):
 *
 * <ul>
 *   <li>put a missing or behind copy: {@code attribute_not_exists(sourceVersion) OR sourceVersion < :v}, v the
 *       source's version: a copy the fan-out wrote meanwhile at v or later stays;
 *   <li>rewrite a copy at the source's version (other content, index attributes): {@code sourceVersion = :v}: only
 *       that version is replaced, by the content the catalogue builds for it;
 *   <li>delete an orphan: {@code sourceVersion = :read} (or {@code attribute_not_exists(sourceVersion)} if it had
 *       none): a copy rewritten since the Scan is not deleted.
 * </ul>
 */
record CopyCondition(String expression, Map<String, AttributeValue> values) {
    static final Map<String, String> NAMES = Map.of("#sourceVersion", Attributes.SOURCE_VERSION);

    static CopyCondition forPut(Finding finding) {
        long want = finding.expectedSourceVersion();
        Long has = finding.foundSourceVersion();
        if (has != null && has == want) {
            return new CopyCondition("#sourceVersion = :version", Map.of(":version", Values.n(want)));
        }
        return new CopyCondition(
                "attribute_not_exists(#sourceVersion) OR #sourceVersion < :version",
                Map.of(":version", Values.n(want)));
    }

    static CopyCondition forDelete(Finding finding) {
        Long read = finding.foundSourceVersion();
        if (read == null) {
            return new CopyCondition("attribute_not_exists(#sourceVersion)", Map.of());
        }
        return new CopyCondition("#sourceVersion = :version", Map.of(":version", Values.n(read)));
    }

    /** DynamoDB rejects an empty ExpressionAttributeValues map. */
    Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }
}
