package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@code purge-idempotency}: deletes the idempotency records past their time-to-live. Every reader already treats them
 * as absent; DynamoDB deletes them itself some time after, the local DynamoDB engine never, so a local data folder keeps them
 * until this runs. One filtered Scan; each record is deleted on condition that its {@code expiresAt} is still the one
 * read, so a record a new request wrote under the same key meanwhile is kept.
 */
record IdempotencyPurge(DynamoDbClient dynamo, String table, Clock clock) {

    /** What the purge did. */
    record Result(Instant now, long expired, long deleted, long keptRenewed, Duration duration) {}

    Result run() {
        long start = System.nanoTime();
        Instant now = clock.instant();
        long expired = 0;
        long deleted = 0;
        long kept = 0;
        ScanRequest request = ScanRequest.builder()
                .tableName(table)
                .filterExpression("#kind = :idempotency AND #expiresAt <= :now")
                .projectionExpression("#id, #type, #expiresAt")
                .expressionAttributeNames(Map.of(
                        "#kind", Attributes.KIND,
                        "#expiresAt", Attributes.EXPIRES_AT,
                        "#id", Attributes.ID,
                        "#type", Attributes.TYPE))
                .expressionAttributeValues(Map.of(
                        ":idempotency", Values.s(ItemKind.IDEMPOTENCY.value()),
                        ":now", Values.n(now.getEpochSecond())))
                .build();
        for (ScanResponse page : dynamo.scanPaginator(request)) {
            for (Map<String, AttributeValue> item : page.items()) {
                expired++;
                if (deleteIfUnchanged(item)) {
                    deleted++;
                } else {
                    kept++;
                }
            }
        }
        return new Result(now, expired, deleted, kept, Duration.ofNanos(System.nanoTime() - start));
    }

    private boolean deleteIfUnchanged(Map<String, AttributeValue> item) {
        try {
            dynamo.deleteItem(delete -> delete.tableName(table)
                    .key(ItemKey.of(item).toAttributes())
                    .conditionExpression("#expiresAt = :read")
                    .expressionAttributeNames(Map.of("#expiresAt", Attributes.EXPIRES_AT))
                    .expressionAttributeValues(Map.of(":read", item.get(Attributes.EXPIRES_AT))));
            return true;
        } catch (ConditionalCheckFailedException renewed) {
            return false;
        }
    }

    static String toJson(String target, Result result) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", "purge-idempotency");
        summary.put("target", target);
        summary.put("expiredBefore", result.now().toString());
        summary.put("expiredFound", result.expired());
        summary.put("deleted", result.deleted());
        summary.put("keptRenewed", result.keptRenewed());
        summary.put("durationMillis", result.duration().toMillis());
        return SummaryJson.write(summary);
    }
}
