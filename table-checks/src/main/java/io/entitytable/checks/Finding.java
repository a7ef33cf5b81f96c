package io.entitytable.checks;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One drift found in the table.
 *
 * @param key the duplicate's key; for a dangling reference, the customer's core item key; for a unique value, its
 *     marker's key
 * @param found the duplicate (or marker) as scanned (null when missing, or for a dangling reference)
 * @param expected the duplicate as {@code RelationshipCatalogue.copyItem} builds it from the scanned source, or the
 *     marker as {@code UniqueValue} builds it from its holder (null when orphaned, for a dangling reference or a
 *     duplicate unique value)
 * @param guards the core items the finding was decided from, re-checked when repairing
 */
public record Finding(
        DriftClass driftClass,
        ItemKey key,
        String detail,
        Map<String, AttributeValue> found,
        Map<String, AttributeValue> expected,
        List<CoreItemGuard> guards)
        implements DriftFinding<DriftClass> {

    public Finding {
        guards = List.copyOf(guards);
    }

    /** The {@code sourceVersion} of the scanned copy; null when there was none (or no copy). */
    public Long foundSourceVersion() {
        return found == null || !found.containsKey(Attributes.SOURCE_VERSION)
                ? null
                : Values.number(found, Attributes.SOURCE_VERSION);
    }

    public long expectedSourceVersion() {
        return Values.number(expected, Attributes.SOURCE_VERSION);
    }

    /** One line for people: {@code stale copy  customer#01J.. / store#01J..: v2 has other content}. */
    @Override
    public String describe() {
        return driftClass.traits().label() + "  " + key + ": " + detail;
    }
}
