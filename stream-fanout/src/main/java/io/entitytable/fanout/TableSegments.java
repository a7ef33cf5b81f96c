package io.entitytable.fanout;

import static io.entitytable.model.SourceVersionCondition.ANY;
import static io.entitytable.model.SourceVersionCondition.REFRESH;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
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
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(table.tableName())
                .keyConditionExpression("#id = :ref AND #type BETWEEN :from AND :to")
                .expressionAttributeNames(Map.of("#id", Attributes.ID, "#type", Attributes.TYPE))
                .expressionAttributeValues(
                        Map.of(":ref", Values.s(subjectRef), ":from", Values.s(from), ":to", Values.s(to)))
                .projectionExpression("#id, #type")
                .limit(limit)
                .consistentRead(true)
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
     * {@code DELETE storeIds :s ADD version 1 SET updatedAt}, on condition that the customer still lists the store: the
     * same change as the API's unlink of a store that is gone, as one UpdateItem. It bumps the version, so an API write
     * based on the customer as it was fails its own version condition and is retried, and the customer's stream record
     * makes the fan-out delete the customer's side of the link.
     */
    @Override
    public void unlink(String customerId, String storeId) {
        Optional<Map<String, AttributeValue>> customer = reader.currentCore(Entity.CUSTOMER, customerId);
        if (customer.isEmpty()
                || !Values.set(customer.get(), Attributes.STORE_IDS).contains(storeId)) {
            return;
        }
        Map<String, String> names = new HashMap<>();
        names.put("#stores", Attributes.STORE_IDS);
        names.put("#version", Attributes.VERSION);
        names.put("#updated", Attributes.UPDATED_AT);
        UpdateItemRequest request = UpdateItemRequest.builder()
                .tableName(table.tableName())
                .key(ItemKey.of(customer.get()).toAttributes())
                .updateExpression("DELETE #stores :store ADD #version :one SET #updated = :now")
                .conditionExpression("contains(#stores, :storeId)")
                .expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(
                        ":store", AttributeValue.fromSs(List.of(storeId)),
                        ":storeId", Values.s(storeId),
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
