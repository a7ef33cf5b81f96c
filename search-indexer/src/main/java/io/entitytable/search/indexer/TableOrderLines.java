package io.entitytable.search.indexer;

import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.OrderLine;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * An order's lines from the table: one strongly consistent Query {@code id = <orderId>, begins_with(type, line#)}. The
 * API writes an order and its lines in one transaction and never changes a line, so the lines read when any record of
 * the order arrives are its lines; an order deleted meanwhile has none, and its REMOVE record follows.
 */
final class TableOrderLines implements OrderLines {
    private final DynamoDbClient dynamo;
    private final String tableName;

    TableOrderLines(DynamoDbClient dynamo, String tableName) {
        this.dynamo = dynamo;
        this.tableName = tableName;
    }

    @Override
    public List<OrderLine> of(String orderId) {
        QueryRequest request = QueryRequest.builder()
                .tableName(tableName)
                .keyConditionExpression("#id = :id AND begins_with(#type, :prefix)")
                .expressionAttributeNames(Map.of("#id", Attributes.ID, "#type", Attributes.TYPE))
                .expressionAttributeValues(Map.of(":id", Values.s(orderId), ":prefix", Values.s(Keys.lineTypePrefix())))
                .consistentRead(true)
                .build();
        return dynamo.queryPaginator(request).items().stream()
                .map(OrderLine::from)
                .toList();
    }
}
