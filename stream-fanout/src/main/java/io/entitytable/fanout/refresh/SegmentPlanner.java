package io.entitytable.fanout.refresh;

import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Cuts a link target's edge partition (a store's) for a pass: one segment per {@link RefreshJob#COPIES_PER_SEGMENT} expected copies, at
 * most {@link RefreshJob#MAX_SEGMENTS}, with cuts spread evenly between the partition's first and last customer id
 * (two one-item Queries). Owner ids (a store's customers') are ULIDs, time first, so even cuts give even segments when
 * the owners linked at an even pace, and uneven ones otherwise; either way the segments cover the whole partition.
 */
final class SegmentPlanner {
    private final FanoutTable table;

    SegmentPlanner(FanoutTable table) {
        this.table = table;
    }

    SegmentPlan plan(Keys.SubjectRef subject, long expectedCopies) {
        Entity owner = SegmentPlan.ownerOfLinksTo(subject);
        int segments = (int) Math.min(
                RefreshJob.MAX_SEGMENTS,
                Math.max(1, (expectedCopies + RefreshJob.COPIES_PER_SEGMENT - 1) / RefreshJob.COPIES_PER_SEGMENT));
        if (segments == 1) {
            return SegmentPlan.single(owner);
        }
        String prefix = Keys.typePrefix(owner);
        Optional<String> first = edgeAtEnd(subject, prefix, true);
        Optional<String> last = edgeAtEnd(subject, prefix, false);
        if (first.isEmpty() || last.isEmpty() || first.get().equals(last.get())) {
            return SegmentPlan.single(owner);
        }
        List<String> cuts = new ArrayList<>();
        for (int i = 1; i < segments; i++) {
            String cut = prefix + Ids.cutBetween(first.get(), last.get(), i, segments);
            if (cuts.isEmpty() || cuts.get(cuts.size() - 1).compareTo(cut) < 0) {
                cuts.add(cut);
            }
        }
        return new SegmentPlan(owner, cuts);
    }

    /** The owner id of the partition's first (or last) edge, read strongly consistently. */
    private Optional<String> edgeAtEnd(Keys.SubjectRef subject, String edgePrefix, boolean first) {
        PartitionQuery edges = PartitionQuery.sortBeginsWith(null, subject.toString(), edgePrefix)
                .consistentRead()
                .projecting(Attributes.ID, Attributes.TYPE);
        QueryRequest request = (first ? edges : edges.backward())
                .toRequest(table.tableName()).toBuilder()
                        .limit(1)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build();
        QueryResponse response = table.backoff().call(() -> table.dynamo().query(request));
        table.stats().add(FanoutStats.Count.PARTITION_PAGES, response.consumedCapacity());
        return response.items().stream()
                .map(item -> Values.string(item, Attributes.TYPE))
                .map(Keys::parseSubjectRef)
                .flatMap(Optional::stream)
                .map(Keys.SubjectRef::id)
                .findFirst();
    }
}
