package io.entitytable.verify;

import io.entitytable.checks.DriftClass;
import io.entitytable.checks.DriftDetector;
import io.entitytable.checks.Finding;
import io.entitytable.checks.ScannedTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Keys.SubjectRef;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.access.LiveCoreItem;
import io.entitytable.search.repair.SegmentScan;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * {@code verify} over one segment of the table instead of all of it: the scheduled check's read, bounded to {@code
 * 1/segments} of the table per run, so it fits a Lambda invocation on a table of any size (docs/design.md §8,
 * "Scheduled verify").
 *
 * <p>It reads segment {@code segment} of a strongly consistent parallel Scan of {@code segments} ({@link SegmentScan},
 * as {@code verify} reads each of its segments), at most the pages that reach {@code maxItems} items (the rest of a
 * larger segment is left unread, and the result says so: the table is then sampled, not covered), then fetches the rest of each sampled item's neighbourhood: for a
 * core item, the copies it implies and the core items they are copied from or live with, and the markers of its unique
 * values with the subjects they name; for a duplicate, the core items at both ends of its key; for a unique value's
 * marker, the subject it names. {@link DriftDetector} (the same code as {@code verify}) compares that small table, and
 * only the findings about the sample are kept: a neighbour's own copies were not read, so its findings mean nothing. A
 * copy that exists is reported by the run that read it, a missing copy or a dangling reference by the run that read the
 * core item that implies it, so each finding comes from one run.
 * Over {@code segments} runs, one per segment, it reports what one {@code verify} would, except for a write in flight
 * between two reads, which either may see, and a value held twice whose holders have no marker naming one of them and
 * lie in different segments: each run then sees one holder only, and reports its marker missing.
 */
record SampledVerify(DynamoDbClient dynamo, String tableName, int segments, int maxItems) {
    /** Items per Scan page at most, so a run stops near its budget rather than up to a 1 MB page past it. */
    static final int PAGE_ITEMS = 1_000;

    SampledVerify {
        if (segments < 1) {
            throw new IllegalArgumentException("segments must be at least 1, was " + segments);
        }
        if (maxItems < 1) {
            throw new IllegalArgumentException("maxItems must be at least 1, was " + maxItems);
        }
    }

    /** What one run found: drift, and the refresh jobs and erases of the segment that have stopped. */
    record Result(
            int segment,
            boolean segmentComplete,
            long itemsScanned,
            long coreItemsChecked,
            long duplicatesChecked,
            List<Finding> findings,
            List<RefreshJob> stoppedJobs,
            List<EraseJob> stoppedErases,
            double consumedReadCapacity) {}

    /** The segment a run at {@code now} checks: one per hour in turn, so {@code segments} hourly runs cover the table. */
    int segmentAt(Instant now) {
        return (int) Math.floorMod(now.getEpochSecond() / 3600, (long) segments);
    }

    Result run(int segment, Instant now) {
        DoubleAdder capacity = new DoubleAdder();
        ScannedTable.Builder read = ScannedTable.builder();
        long[] items = {0};
        boolean complete = new SegmentScan(dynamo, tableName, segments)
                .pagesUntil(
                        segment,
                        Math.min(maxItems, PAGE_ITEMS),
                        capacity,
                        () -> items[0] >= maxItems,
                        (page, lastKey) -> {
                            page.forEach(read::add);
                            items[0] += page.size();
                        });
        ScannedTable sample = read.build();

        ScannedTable.Builder neighbourhood = ScannedTable.builder();
        sample.coreBySubject().values().forEach(neighbourhood::add);
        sample.duplicates().values().forEach(neighbourhood::add);
        Set<String> present = new TreeSet<>(sample.coreBySubject().keySet());
        // What is absent is reported by the run that sampled what implies it; what exists, by the run that read it.
        Set<ItemKey> absentChecked = new TreeSet<>();
        Set<String> neighbours = new LinkedHashSet<>();
        for (Map<String, AttributeValue> core : sample.coreBySubject().values()) {
            absentChecked.add(ItemKey.of(core));
            for (Duplicate duplicate : RelationshipCatalogue.impliedBy(core)) {
                absentChecked.add(duplicate.key());
                neighbours.add(duplicate.type());
                if (duplicate.kind() == ItemKind.EDGE) {
                    neighbours.add(duplicate.id());
                }
                if (!sample.duplicates().containsKey(duplicate.key())) {
                    copy(duplicate.key(), capacity).ifPresent(neighbourhood::add);
                }
            }
        }
        for (ItemKey key : sample.duplicates().keySet()) {
            neighbours.add(key.type());
            neighbours.add(key.id());
        }
        // A unique value's marker is judged against its holder, and a sampled holder against the marker of its value.
        sample.uniqueMarkers().values().forEach(marker -> {
            neighbourhood.add(marker);
            holderOf(marker).ifPresent(neighbours::add);
        });
        // A value held twice whose marker another run read: reported by the run that read a holder it does not name.
        Set<ItemKey> heldAgainstTheirMarker = new TreeSet<>();
        for (Map<String, AttributeValue> core : sample.coreBySubject().values()) {
            for (UniqueValue value : UniqueValue.ofCore(core)) {
                absentChecked.add(value.key());
                Optional<Map<String, AttributeValue>> marker = Optional.ofNullable(
                                sample.uniqueMarkers().get(value.key()))
                        .or(() -> copy(value.key(), capacity));
                marker.ifPresent(neighbourhood::add);
                Optional<String> holder = marker.flatMap(SampledVerify::holderOf);
                holder.ifPresent(neighbours::add);
                if (marker.isPresent() && !holder.equals(Optional.of(value.subject()))) {
                    heldAgainstTheirMarker.add(value.key());
                }
            }
        }
        neighbours.removeAll(present);
        for (String neighbour : neighbours) {
            Keys.parseSubjectRef(neighbour)
                    .flatMap(subject -> core(subject, capacity))
                    .ifPresent(neighbourhood::add);
        }

        List<Finding> findings = DriftDetector.detect(neighbourhood.build()).findings().stream()
                .filter(finding -> sample.duplicates().containsKey(finding.key())
                        || sample.uniqueMarkers().containsKey(finding.key())
                        || (finding.found() == null && absentChecked.contains(finding.key()))
                        || (finding.driftClass() == DriftClass.DUPLICATE_UNIQUE_VALUE
                                && heldAgainstTheirMarker.contains(finding.key())))
                .toList();
        List<RefreshJob> stopped =
                sample.jobs().stream().filter(job -> job.stoppedAt(now)).toList();
        List<EraseJob> stoppedErases =
                sample.erases().stream().filter(erase -> erase.stoppedAt(now)).toList();
        return new Result(
                segment,
                complete,
                sample.itemsScanned(),
                sample.coreItems(),
                sample.duplicates().size(),
                findings,
                stopped,
                stoppedErases,
                capacity.sum());
    }

    private static Optional<String> holderOf(Map<String, AttributeValue> marker) {
        return Optional.ofNullable(marker.get(Attributes.HOLDER)).map(AttributeValue::s);
    }

    /** A duplicate (or a unique value's marker) by its key, strongly consistent (as the Scan read the sample). */
    private Optional<Map<String, AttributeValue>> copy(ItemKey key, DoubleAdder capacity) {
        GetItemResponse response = dynamo.getItem(GetItemRequest.builder()
                .tableName(tableName)
                .key(key.toAttributes())
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build());
        if (response.consumedCapacity() != null && response.consumedCapacity().capacityUnits() != null) {
            capacity.add(response.consumedCapacity().capacityUnits());
        }
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }

    /** A subject's live core item, read as the fan-out reads it ({@link LiveCoreItem}). */
    private Optional<Map<String, AttributeValue>> core(SubjectRef subject, DoubleAdder capacity) {
        QueryResponse response =
                dynamo.query(LiveCoreItem.query(subject.entity(), subject.id()).toRequest(tableName).toBuilder()
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build());
        if (response.consumedCapacity() != null && response.consumedCapacity().capacityUnits() != null) {
            capacity.add(response.consumedCapacity().capacityUnits());
        }
        return LiveCoreItem.among(response.items());
    }
}
