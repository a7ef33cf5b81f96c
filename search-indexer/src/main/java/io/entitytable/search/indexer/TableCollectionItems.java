package io.entitytable.search.indexer;

import io.entitytable.model.OrderLine;
import java.util.List;
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
        QueryRequest request = OrderLine.linesQuery(tableName, orderId);
        return dynamo.queryPaginator(request).items().stream()
                .map(OrderLine::from)
                .toList();
    }
}
