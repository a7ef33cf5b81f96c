package io.entitytable.fanout.refresh;

import static io.entitytable.model.SourceVersionCondition.ANY;
import static io.entitytable.model.SourceVersionCondition.REFRESH;

import io.entitytable.fanout.table.CopyWriter;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.fanout.table.TableReader;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** {@link SegmentTable} on the table: the fan-out's own reader and writer, and the one core write a job makes. */
final class TableSegments implements SegmentTable {
    private final FanoutTable table;
    private final TableReader reader;
    private final CopyWriter writer;
    private final Clock clock;

    TableSegments(FanoutTable table, Clock clock) {
        this.table = table;
        this.reader = new TableReader(table);
        this.writer = new CopyWriter(table);
        this.clock = clock;
    }

    @Override
    public EdgePage page(String subjectRef, String from, String to, String after, int limit) {
        // [from, to): 'to' is a cut or the end of the key prefix, which is never a key itself (see SegmentPlan).
        QueryRequest.Builder request = PartitionQuery.sortBetween(null, subjectRef, from, to)
                .consistentRead()
                .projecting(Attributes.ID, Attributes.TYPE)
                .toRequest(table.tableName())
                .toBuilder()
                .limit(limit)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (after != null) {
            request.exclusiveStartKey(new ItemKey(subjectRef, after).toAttributes());
        }
        QueryRequest built = request.build();
        QueryResponse response = table.backoff().call(() -> table.dynamo().query(built));
        table.stats().add(FanoutStats.Count.PARTITION_PAGES, response.consumedCapacity());
        List<ItemKey> edges = response.items().stream().map(ItemKey::of).toList();
        String lastKey =
                response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                        ? Values.string(response.lastEvaluatedKey(), Attributes.TYPE)
                        : null;
        return new EdgePage(edges, lastKey);
    }

    @Override
    public Optional<Map<String, AttributeValue>> current(Keys.SubjectRef subject) {
        return reader.currentCore(subject.entity(), subject.id());
    }

    @Override
    public void refresh(ItemKey copy, Map<String, AttributeValue> subject) {
        writer.put(RelationshipCatalogue.copyItem(Duplicate.at(copy), subject), REFRESH);
    }

    @Override
    public void drop(ItemKey edge) {
        // The mirror first: the edge is what the segment's pages find, so a crash in between is found again.
        writer.delete(edge.mirror(), ANY, 0);
        writer.delete(edge, ANY, 0);
    }

    /**
     * {@code DELETE <link attribute> :target ADD version 1 SET updatedAt} (a customer's {@code storeIds}), on condition
     * that the owner still lists the target: the same change as the API's unlink of a store that is gone, as one
     * UpdateItem. It bumps the version, so an API write based on the owner as it was fails its own version condition and
     * is retried, and the owner's stream record makes the fan-out delete the owner's side of the link.
     */
    @Override
    public void unlink(Keys.SubjectRef owner, String targetId) {
        String linkAttribute = owner.entity()
                .link()
                .orElseThrow(() -> new IllegalArgumentException("links nothing: " + owner))
                .attribute();
        Optional<Map<String, AttributeValue>> current = reader.currentCore(owner.entity(), owner.id());
        if (current.isEmpty() || !Values.set(current.get(), linkAttribute).contains(targetId)) {
            return;
        }
        Map<String, String> names = new HashMap<>();
        names.put("#links", linkAttribute);
        names.put("#version", Attributes.VERSION);
        names.put("#updated", Attributes.UPDATED_AT);
        // The version this write makes was asked for by no request: the request id of the one before it must not name
        // it in the fan-out's log lines.
        names.put("#correlation", Attributes.CORRELATION_ID);
        UpdateItemRequest request = UpdateItemRequest.builder()
                .tableName(table.tableName())
                .key(ItemKey.of(current.get()).toAttributes())
                .updateExpression("DELETE #links :target ADD #version :one SET #updated = :now REMOVE #correlation")
                .conditionExpression("contains(#links, :targetId)")
                .expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(
                        ":target", AttributeValue.fromSs(List.of(targetId)),
                        ":targetId", Values.s(targetId),
                        ":one", Values.n(1),
                        ":now", Values.instant(clock.instant())))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        try {
            table.stats().add(FanoutStats.Count.UNLINKS, table.backoff().call(() -> table.dynamo()
                    .updateItem(request)
                    .consumedCapacity()));
        } catch (ConditionalCheckFailedException alreadyUnlinked) {
            table.stats().add(FanoutStats.Count.STALE);
        }
    }
}
