package io.entitytable.fanout;

import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Cuts a store's edge partition for a pass: one segment per {@link RefreshJob#COPIES_PER_SEGMENT} expected copies, at
 * most {@link RefreshJob#MAX_SEGMENTS}, with cuts spread evenly between the partition's first and last customer id
 * (two one-item Queries). Customer ids are ULIDs, time first, so even cuts give even segments when customers were
 * linked at an even pace, and uneven ones otherwise; either way the segments cover the whole partition.
 */
final class SegmentPlanner {
    private final FanoutTable table;

    SegmentPlanner(FanoutTable table) {
        this.table = table;
    }

    SegmentPlan plan(String subjectRef, long expectedCopies) {
        int segments = (int) Math.min(
                RefreshJob.MAX_SEGMENTS,
                Math.max(1, (expectedCopies + RefreshJob.COPIES_PER_SEGMENT - 1) / RefreshJob.COPIES_PER_SEGMENT));
        if (segments == 1) {
            return SegmentPlan.single();
        }
        Optional<String> first = edgeAtEnd(subjectRef, true);
        Optional<String> last = edgeAtEnd(subjectRef, false);
        if (first.isEmpty() || last.isEmpty() || first.get().equals(last.get())) {
            return SegmentPlan.single();
        }
        String prefix = Keys.typePrefix(SegmentPlan.EDGE_ENTITY);
        List<String> cuts = new ArrayList<>();
        for (int i = 1; i < segments; i++) {
            String cut = prefix + Ids.cutBetween(first.get(), last.get(), i, segments);
            if (cuts.isEmpty() || cuts.get(cuts.size() - 1).compareTo(cut) < 0) {
                cuts.add(cut);
            }
        }
        return new SegmentPlan(cuts);
    }

    /** The customer id of the partition's first (or last) edge, read strongly consistently. */
    private Optional<String> edgeAtEnd(String subjectRef, boolean first) {
        QueryRequest request = QueryRequest.builder()
                .tableName(table.tableName())
                .keyConditionExpression("#id = :ref AND begins_with(#type, :prefix)")
                .expressionAttributeNames(Map.of("#id", Attributes.ID, "#type", Attributes.TYPE))
                .expressionAttributeValues(Map.of(
                        ":ref", Values.s(subjectRef), ":prefix", Values.s(Keys.typePrefix(SegmentPlan.EDGE_ENTITY))))
                .projectionExpression("#id, #type")
                .scanIndexForward(first)
                .limit(1)
                .consistentRead(true)
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
