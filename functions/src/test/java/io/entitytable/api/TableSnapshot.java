package io.entitytable.api;

import io.entitytable.model.Attributes;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every item of the test table by key ({@code id type}), read strongly consistently, to prove a request wrote nothing. */
public final class TableSnapshot {
    private TableSnapshot() {}

    public static Map<String, Map<String, AttributeValue>> of(DynamoDbClient dynamo) {
        Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
        dynamo.scanPaginator(
                        request -> request.tableName(LocalDynamoResource.TABLE).consistentRead(true))
                .items()
                .forEach(item -> items.put(
                        item.get(Attributes.ID).s() + " "
                                + item.get(Attributes.TYPE).s(),
                        item));
        return items;
    }
}
