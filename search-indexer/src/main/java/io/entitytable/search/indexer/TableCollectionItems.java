package io.entitytable.search.indexer;

import io.entitytable.model.CoreItem;
import io.entitytable.model.access.PartitionQuery;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A subject's item collection from the table: one strongly consistent Query {@code id = <id>}, all pages, without the
 * core item itself. The API writes an order and its lines in one transaction and never changes a line, so the lines
 * read when any record of the order arrives are its lines; an order deleted meanwhile has none, and its REMOVE record
 * follows.
 */
final class TableCollectionItems implements CollectionItems {
    private final DynamoDbClient dynamo;
    private final String tableName;

    TableCollectionItems(DynamoDbClient dynamo, String tableName) {
        this.dynamo = dynamo;
        this.tableName = tableName;
    }

    @Override
    public List<Map<String, AttributeValue>> of(String subjectId) {
        QueryRequest request =
                PartitionQuery.partition(null, subjectId).consistentRead().toRequest(tableName);
        return dynamo.queryPaginator(request).items().stream()
                .filter(item -> !CoreItem.isCore(item))
                .toList();
    }
}
