package io.entitytable.transfer;

import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** TEST ONLY: marks a business for erasing with the transaction {@code DELETE /businesses/{id}?cascade=true} makes. */
final class EraseMarker {
    private EraseMarker() {}

    static void mark(DynamoDbClient dynamo, String table, String businessId) {
        Instant now = Instant.now();
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table)
                        .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                        .updateExpression("SET #erasing = :now, #updated = :now ADD #version :one")
                        .expressionAttributeNames(Map.of(
                                "#erasing", Attributes.ERASING,
                                "#updated", Attributes.UPDATED_AT,
                                "#version", Attributes.VERSION))
                        .expressionAttributeValues(Map.of(":now", Values.instant(now), ":one", Values.n(1)))
                        .build())
                .build());
        for (ItemKey counter : ChildCounters.all(businessId)) {
            actions.add(TransactWriteItem.builder()
                    .update(Update.builder()
                            .tableName(table)
                            .key(counter.toAttributes())
                            .updateExpression("SET #erasing = :now")
                            .expressionAttributeNames(Map.of("#erasing", Attributes.ERASING))
                            .expressionAttributeValues(Map.of(":now", Values.instant(now)))
                            .build())
                    .build());
        }
        actions.add(TransactWriteItem.builder()
                .put(Put.builder()
                        .tableName(table)
                        .item(EraseJob.newItem(businessId, now))
                        .build())
                .build());
        dynamo.transactWriteItems(request -> request.transactItems(actions));
    }
}
