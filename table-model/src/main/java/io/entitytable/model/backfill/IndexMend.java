package io.entitytable.model.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.SourceVersionCondition;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalUpdate;
import io.entitytable.model.access.ConditionalWrites;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * What gives one core item the index attributes its record writes ({@link IndexBackfill#mendTo}): the item's
 * version-conditioned update and the copies its new attributes imply. Without copies it is one UpdateItem; with them,
 * one TransactWriteItems, so a copy is only ever written beside the attributes that imply it, from the version they
 * were decided on, and never for an item changed or deleted since it was read.
 *
 * @param copies the copies to put, each on condition that no copy at least as new is there ({@link
 *     SourceVersionCondition#CREATE_OR_ADVANCE}), the fan-out's own rule
 */
public record IndexMend(ConditionalUpdate update, List<Map<String, AttributeValue>> copies) {

    public IndexMend {
        copies = List.copyOf(copies);
    }

    /**
     * Writes it; false when another write changed the item first (or, for a transaction, met it on its items), which
     * a later pass of the backfill looks at again.
     */
    public boolean apply(DynamoDbClient dynamo, String tableName) {
        try {
            if (copies.isEmpty()) {
                dynamo.updateItem(update.request(tableName).build());
            } else {
                dynamo.transactWriteItems(request -> request.transactItems(transaction(tableName)));
            }
            return true;
        } catch (ConditionalCheckFailedException | TransactionCanceledException changed) {
            return false;
        }
    }

    private List<TransactWriteItem> transaction(String tableName) {
        List<TransactWriteItem> items = new ArrayList<>();
        items.add(TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(tableName)
                        .key(update.key().toAttributes())
                        .updateExpression(update.update())
                        .conditionExpression(update.condition())
                        .expressionAttributeNames(update.names())
                        .expressionAttributeValues(update.values())
                        .build())
                .build());
        for (Map<String, AttributeValue> copy : copies) {
            long version = Values.number(copy, Attributes.SOURCE_VERSION);
            items.add(
                    ConditionalWrites.put(tableName, copy, SourceVersionCondition.CREATE_OR_ADVANCE.against(version)));
        }
        return items;
    }
}
