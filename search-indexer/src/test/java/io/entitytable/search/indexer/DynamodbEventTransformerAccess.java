package io.entitytable.search.indexer;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.transformers.v2.DynamodbEventTransformer;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A sample record's new image in SDK types, through the same transformer the handler uses. */
final class DynamodbEventTransformerAccess {
    private DynamodbEventTransformerAccess() {}

    static Map<String, AttributeValue> newImage(DynamodbEvent.DynamodbStreamRecord record) {
        DynamodbEvent single = new DynamodbEvent();
        single.setRecords(List.of(record));
        return DynamodbEventTransformer.toRecordsV2(single).get(0).dynamodb().newImage();
    }
}
