package io.entitytable.archive.job;

import io.entitytable.model.ItemKey;
import io.entitytable.model.access.Backoff;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The table the archive job and the fan-out's archive schedules read and write, with the back-off every call goes
 * through (the fan-out's, or the job's own where it runs on a schedule).
 */
public record ArchiveTable(DynamoDbClient dynamo, String tableName, Backoff backoff) {

    /** The item at {@code key}, read strongly consistently; empty when there is none. */
    public Optional<Map<String, AttributeValue>> consistentGet(ItemKey key) {
        var response = backoff.call(() -> dynamo.getItem(
                request -> request.tableName(tableName).key(key.toAttributes()).consistentRead(true)));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }
}
