package io.entitytable.verify.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.util.Arrays;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item a move carries, under its key in each table. Everything of the table is carried but what belongs to one
 * table alone: its request-rate buckets (a fresh second's worth in the target), its index backfills' progress (a new
 * table is created with every pattern ready) and the move's own route items and stream marks.
 */
record MovedItem(ItemKey homeKey, ItemKey targetKey) {

    static boolean isMoved(Map<String, AttributeValue> item) {
        String kind = item.containsKey(Attributes.KIND) ? Values.string(item, Attributes.KIND) : "";
        return !kind.equals(ItemKind.RATE.value())
                && !kind.equals(ItemKind.BACKFILL.value())
                && !kind.equals(ItemKind.ROUTE.value())
                && !kind.equals(ItemKind.MARK.value());
    }

    /**
     * Whether the item is the home table's to keep for every business while the move lasts: a copy, which its fan-out
     * writes, or a job or archive schedule, which its workers advance (the API asks for jobs there too). The target has no fan-out and no
     * workers of its own until the home table is retired, so these travel forward only, whichever table serves their
     * business, and the serving table's core items reach the home table's fan-out by the way back.
     */
    static boolean isKeptByHome(Map<String, AttributeValue> item) {
        String kind = item.containsKey(Attributes.KIND) ? Values.string(item, Attributes.KIND) : "";
        return Arrays.stream(ItemKind.values())
                .anyMatch(k -> (k.isCopy() || k == ItemKind.JOB || k == ItemKind.ERASE || k == ItemKind.ARCHIVE)
                        && k.value().equals(kind));
    }

    static MovedItem ofHome(Map<String, AttributeValue> homeItem, LayoutChange change) {
        return new MovedItem(ItemKey.of(homeItem), ItemKey.of(change.toTarget(homeItem)));
    }

    static MovedItem ofTarget(Map<String, AttributeValue> targetItem, LayoutChange change) {
        return new MovedItem(ItemKey.of(change.toHome(targetItem)), ItemKey.of(targetItem));
    }
}
