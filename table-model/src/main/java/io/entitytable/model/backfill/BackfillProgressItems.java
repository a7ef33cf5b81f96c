package io.entitytable.model.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The backfills' progress items in one table: read by the API (whether a pattern may answer), written ready by {@link
 * io.entitytable.model.TableBootstrap} on a new table, and saved page by page by the backfill run. Every write is
 * conditional, so two writers of one backfill never both believe they moved it.
 */
public record BackfillProgressItems(DynamoDbClient dynamo, String tableName) {

    /** The backfill's progress as the table holds it (strongly consistent); empty before its first run. */
    public Optional<BackfillProgress> read(IndexBackfill backfill) {
        Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder()
                        .tableName(tableName)
                        .key(BackfillProgress.keyOf(backfill.name()).toAttributes())
                        .consistentRead(true)
                        .build())
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(BackfillProgress.from(item));
    }

    /**
     * Marks every backfill ready on a table just created: nothing was written to it before the patterns, so none needs
     * a pass. A backfill already recorded is left as it is.
     */
    public void markReadyOnNewTable(Instant now) {
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            putIfAbsent(BackfillProgress.readyWithTable(backfill.name(), now));
        }
    }

    /** Writes {@code progress} unless its backfill already has a progress item; false when it had. */
    public boolean putIfAbsent(BackfillProgress progress) {
        return put(progress, "attribute_not_exists(#id)", Map.of("#id", Attributes.ID), null);
    }

    /** Saves {@code next} on condition that the item is still at {@code previous}'s step; false when it was not. */
    public boolean save(BackfillProgress previous, BackfillProgress next) {
        return put(
                next,
                "#step = :step",
                Map.of("#step", Attributes.BACKFILL_STEP),
                Map.of(":step", Values.n(previous.step())));
    }

    private boolean put(
            BackfillProgress progress,
            String condition,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        try {
            dynamo.putItem(PutItemRequest.builder()
                    .tableName(tableName)
                    .item(progress.toItem())
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .build());
            return true;
        } catch (ConditionalCheckFailedException unmet) {
            return false;
        }
    }
}
