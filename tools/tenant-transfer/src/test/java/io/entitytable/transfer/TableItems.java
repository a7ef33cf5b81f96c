package io.entitytable.transfer;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** TEST ONLY: a whole (small) table read by Scan, to compare two tables item for item. */
final class TableItems {
    private TableItems() {}

    /**
     * Every item by key, without {@code correlationId} and {@code restoredAt}: the API stamps the first with the id of
     * the request that wrote the item, and an import the second with when it wrote it, so they name the write, not the
     * subject. The backfill progress items are left out: they are the table's own (each table is created with its
     * own), no tenant's.
     */
    static Map<ItemKey, Map<String, AttributeValue>> of(DynamoDbClient dynamo, String table) {
        Map<ItemKey, Map<String, AttributeValue>> items = new TreeMap<>();
        dynamo.scanPaginator(request -> request.tableName(table).consistentRead(true)).items().stream()
                .filter(item -> !ItemKind.BACKFILL.value().equals(Values.string(item, Attributes.KIND)))
                .forEach(item -> {
                    Map<String, AttributeValue> compared = new HashMap<>(item);
                    compared.remove(Attributes.CORRELATION_ID);
                    compared.remove(Attributes.RESTORED_AT);
                    items.put(ItemKey.of(item), compared);
                });
        return items;
    }

    static int count(DynamoDbClient dynamo, String table) {
        return of(dynamo, table).size();
    }
}
