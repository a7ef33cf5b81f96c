package io.entitytable.checks;

import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.supplier.Supplier;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A table of suppliers (the test-only entity whose email is unique) with the markers of their emails, written as the
 * API leaves them, plus the raw writes that damage it on purpose. Also table-verify's, through this module's test-jar.
 */
public record SupplierTable(DynamoDbClient dynamo, String table) {

    /** A new supplier of {@code businessId}; its email is its name's, lower-cased with dots. */
    public static DeclaredItem supplier(String businessId, String name) {
        return Supplier.of(businessId, name, Set.of());
    }

    /** The supplier with another email (as stored: lower-cased), at the next version. */
    public static DeclaredItem withEmail(DeclaredItem supplier, String email) {
        return supplier.with(Map.of("email", email))
                .withVersion(
                        supplier.common().version() + 1,
                        supplier.common().updatedAt().plusSeconds(1));
    }

    /** The marker of the supplier's email. */
    public static UniqueValue emailMarker(DeclaredItem supplier) {
        return UniqueValue.forField(UniqueValue.of(supplier), "email").orElseThrow();
    }

    /** The supplier and the markers of its unique values, as the API's create writes them. */
    public SupplierTable putWithMarkers(DeclaredItem supplier) {
        put(supplier.toItem());
        UniqueValue.of(supplier).forEach(marker -> put(marker.toItem()));
        return this;
    }

    public void put(Map<String, AttributeValue> item) {
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    public void delete(ItemKey key) {
        dynamo.deleteItem(DeleteItemRequest.builder()
                .tableName(table)
                .key(key.toAttributes())
                .build());
    }

    /** The item at {@code key}, read consistently; empty when there is none. */
    public Map<String, AttributeValue> get(ItemKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(key.toAttributes())
                        .consistentRead(true)
                        .build())
                .item();
        return item == null ? Map.of() : item;
    }
}
