package io.entitytable.search.indexer;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where the other items of a subject's item collection come from (an order's lines): they are items of their own, so
 * the subject's stream image does not carry them. Read only for an entity whose search text needs them ({@link
 * io.entitytable.model.SearchText.Spec#readsCollection}).
 */
@FunctionalInterface
public interface CollectionItems {
    /** The items beside the subject's core item in its partition, in sort-key order; empty when it is gone. */
    List<Map<String, AttributeValue>> of(String subjectId);

    static CollectionItems none() {
        return subjectId -> List.of();
    }

    /** As the deployed indexer reads them: from the table ({@link TableCollectionItems}). */
    static CollectionItems fromTable(DynamoDbClient dynamo, String tableName) {
        return new TableCollectionItems(dynamo, tableName);
    }
}
