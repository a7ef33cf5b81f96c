package io.entitytable.checks;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compares the index attributes of core items with what their records write, for every index backfill the Scan found
 * ready: what an item should hold comes from {@link IndexBackfill#expected} (with the item's collection, which the Scan
 * holds: an order's lines), the function the backfill and the API's records write with, so a later backfill is covered by its declaration. A backfill not ready yet (or not in the
 * table, as in a scheduled verify's sample) is not judged: its items are the backfill's work, and its pattern answers
 * nothing until the backfill has checked every one of them.
 */
final class IndexAttributeDrift {
    private IndexAttributeDrift() {}

    static List<Finding> detect(ScannedTable table) {
        List<Finding> findings = new ArrayList<>();
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            BackfillProgress progress = table.backfills().get(backfill.name());
            if (progress == null || !progress.isReady()) {
                continue;
            }
            for (Map<String, AttributeValue> core : table.coreBySubject().values()) {
                // As the backfill's pass: an order holding its SKUs was written with them from lines that never
                // change, and a sampled Scan (the scheduled verify's) may hold an order without all its lines.
                if (backfill.passLooksAt(core)) {
                    List<Map<String, AttributeValue>> collection =
                            table.collectionOf(Values.string(core, Attributes.ID));
                    if (backfill.mend(core, collection).isPresent()) {
                        findings.add(finding(backfill, core, backfill.expected(core, collection)));
                    }
                }
            }
        }
        return findings;
    }

    /**
     * Repaired by the backfill's own mend of the item ({@link IndexBackfill#mendTo} its expected attributes, the copies
     * they imply with them), so no guard: the update holds on the version read itself, and a transaction may not check
     * and write one item.
     */
    private static Finding finding(
            IndexBackfill backfill, Map<String, AttributeValue> core, Map<String, AttributeValue> expected) {
        Map<String, AttributeValue> actual = backfill.actual(core);
        List<String> differences = new ArrayList<>();
        for (String attribute : backfill.attributes().stream().sorted().toList()) {
            AttributeValue want = expected.get(attribute);
            AttributeValue has = actual.get(attribute);
            if (want == null ? has != null : !want.equals(has)) {
                differences.add(attribute + " " + shown(has) + ", its record writes " + shown(want));
            }
        }
        Map<String, AttributeValue> mended = new HashMap<>(core);
        backfill.attributes().forEach(mended::remove);
        mended.putAll(expected);
        return new Finding(
                DriftClass.STALE_INDEX_ATTRIBUTES,
                ItemKey.of(core),
                "v" + Values.number(core, Attributes.VERSION) + " (" + backfill.name() + "): "
                        + String.join("; ", differences),
                core,
                mended,
                List.of());
    }

    private static String shown(AttributeValue value) {
        return value == null ? "absent" : "'" + (value.s() != null ? value.s() : value.toString()) + "'";
    }
}
