package io.entitytable.model.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.StoredValue;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where one index backfill stands, as its progress item {@code <name>.backfill / backfill} holds it. The API reads it
 * to know whether the backfill's pattern may answer; the console, {@code GET /metrics} and the deployed metric show it.
 *
 * @param pass the running pass, from 1; 0 for a table created with the pattern, which never needed one
 * @param position the key after which the running pass goes on; null at the start of a pass
 * @param scanned items the running pass has read
 * @param changed items the running pass has given the pattern's attributes
 * @param conflicts items the running pass left to a write that changed them after its read
 * @param tableItems the table's item count (DescribeTable) when the pass began
 * @param step how many times the item was saved; each save holds on the step it read
 * @param startedAt when the running pass began
 * @param readyAt when the pattern became ready; null before
 */
public record BackfillProgress(
        String name,
        Phase phase,
        long pass,
        Map<String, AttributeValue> position,
        long scanned,
        long changed,
        long conflicts,
        long tableItems,
        long step,
        Instant startedAt,
        Instant updatedAt,
        Instant readyAt) {

    /**
     * A backfill's phases. The first pass backfills; every later pass checks what the one before could not finish (an
     * item changed by another write between its read and its update). A pass that finds nothing to change, in either
     * phase, proves every item of the table holds what the pattern reads: the pattern is then ready, for good.
     */
    public enum Phase implements StoredValue {
        BACKFILLING,
        VERIFYING,
        READY
    }

    /** The whole-number attributes, in the order of the components that hold them: pass, then the counts, then step. */
    private static final List<String> NUMBERS = List.of(
            Attributes.JOB_PASS,
            Attributes.BACKFILL_SCANNED,
            Attributes.BACKFILL_CHANGED,
            Attributes.BACKFILL_CONFLICTS,
            Attributes.BACKFILL_TABLE_ITEMS,
            Attributes.BACKFILL_STEP);

    public static ItemKey keyOf(String name) {
        return new ItemKey(Keys.backfillId(name), Keys.backfillType());
    }

    /** The first pass of a backfill, not yet begun. */
    public static BackfillProgress starting(String name, long tableItems, Instant now) {
        return new BackfillProgress(name, Phase.BACKFILLING, 1, null, 0, 0, 0, tableItems, 0, now, now, null);
    }

    /** The progress of a table created with the pattern: every item it will hold is written with what it reads. */
    public static BackfillProgress readyWithTable(String name, Instant now) {
        return new BackfillProgress(name, Phase.READY, 0, null, 0, 0, 0, 0, 0, now, now, now);
    }

    public static BackfillProgress from(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> position = Values.map(item, Attributes.BACKFILL_POSITION);
        long[] numbers =
                NUMBERS.stream().mapToLong(name -> Values.number(item, name)).toArray();
        return new BackfillProgress(
                Keys.backfillOf(Values.string(item, Attributes.ID)),
                StoredValue.fromValue(Phase.class, Values.string(item, Attributes.BACKFILL_PHASE)),
                numbers[0],
                position.isEmpty() ? null : position,
                numbers[1],
                numbers[2],
                numbers[3],
                numbers[4],
                numbers[5],
                Values.instant(item, Attributes.JOB_STARTED_AT),
                Values.instant(item, Attributes.UPDATED_AT),
                Values.instant(item, Attributes.BACKFILL_READY_AT));
    }

    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = keyOf(name).newItem(ItemKind.BACKFILL);
        item.put(Attributes.BACKFILL_PHASE, Values.s(phase.value()));
        long[] numbers = {pass, scanned, changed, conflicts, tableItems, step};
        for (int i = 0; i < numbers.length; i++) {
            item.put(NUMBERS.get(i), Values.n(numbers[i]));
        }
        if (position != null) {
            item.put(Attributes.BACKFILL_POSITION, AttributeValue.fromM(position));
        }
        item.put(Attributes.JOB_STARTED_AT, Values.instant(startedAt));
        item.put(Attributes.UPDATED_AT, Values.instant(updatedAt));
        if (readyAt != null) {
            item.put(Attributes.BACKFILL_READY_AT, Values.instant(readyAt));
        }
        return item;
    }

    public boolean isReady() {
        return phase == Phase.READY;
    }

    /**
     * How far the running pass is, 0 to 99 (100 once ready). The item count DescribeTable gives is hours old on AWS, so
     * a pass may read more than it; the figure then stays at 99 until the pass ends.
     */
    public int percent() {
        if (isReady()) {
            return 100;
        }
        return (int) Math.min(99, tableItems == 0 ? (scanned == 0 ? 0 : 99) : scanned * 100 / tableItems);
    }

    /** One line for a 503, a log line or the console: the phase, the pass and how far it is. */
    public String describe() {
        return isReady()
                ? "ready since " + readyAt
                : phase.value() + ", pass " + pass + ": " + percent() + " % (" + scanned + " items read, " + changed
                        + " given the index attributes)";
    }

    /** This progress after one page of its pass: {@code next} is where the pass goes on, null at its end. */
    public BackfillProgress afterPage(
            Map<String, AttributeValue> next, long read, long changes, long conflicted, Instant now) {
        return new BackfillProgress(
                name,
                phase,
                pass,
                next,
                scanned + read,
                changed + changes,
                conflicts + conflicted,
                tableItems,
                step + 1,
                startedAt,
                now,
                null);
    }

    /** At the end of a pass: ready when it found nothing to change, else the next pass, which verifies. */
    public BackfillProgress afterPass(long nextTableItems, Instant now) {
        if (changed == 0 && conflicts == 0) {
            return new BackfillProgress(
                    name, Phase.READY, pass, null, scanned, 0, 0, tableItems, step + 1, startedAt, now, now);
        }
        return new BackfillProgress(
                name, Phase.VERIFYING, pass + 1, null, 0, 0, 0, nextTableItems, step + 1, now, now, null);
    }
}
