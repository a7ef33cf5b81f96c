package io.entitytable.fanout;

import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Tombstone;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** TEST ONLY: deletes a core item as the API does, a customer or store with its tombstone in the same transaction. */
final class CoreDeletes {
    private CoreDeletes() {}

    static void delete(DynamoDbClient dynamo, String table, Map<String, AttributeValue> item) {
        TransactWriteItem delete = TransactWriteItem.builder()
                .delete(d -> d.tableName(table).key(ItemKey.of(item).toAttributes()))
                .build();
        if (!CoreItem.entityOf(item).leavesTombstone()) {
            dynamo.transactWriteItems(request -> request.transactItems(delete));
            return;
        }
        dynamo.transactWriteItems(request -> request.transactItems(
                delete,
                TransactWriteItem.builder()
                        .put(p -> p.tableName(table).item(Tombstone.of(item)))
                        .build()));
    }
}
