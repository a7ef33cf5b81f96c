package io.entitytable.bench;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * Write-to-visible lag: a tag is put on a store through the API (a core-item change), and the clock runs until the
 * tag's copy ({@code tag#t / store#S}), written by the packaged fan-out fed by the local stream pump, is readable with a
 * strongly consistent GetItem polled every 2 ms. The lag therefore includes the API call itself, the pump's polling
 * interval (250 ms), the Runtime API hop to the fan-out function and its writes.
 */
final class StreamLagBench {
    record Result(Samples lag, Samples apiWrite) {}

    static Result run(
            ApiClient api, DynamoDbClient dynamo, String table, String businessId, String storeId, int operations) {
        Samples lag = new Samples();
        Samples apiWrite = new Samples();
        String run = Long.toString(System.currentTimeMillis(), 36);
        for (int i = 0; i < operations; i++) {
            once(api, dynamo, table, businessId, storeId, "lag-" + run + "-" + i, lag, apiWrite);
        }
        System.err.printf(Locale.ROOT, "[bench] stream lag p50 %s ms%n", Samples.ms(lag.p50()));
        return new Result(lag, apiWrite);
    }

    /**
     * One operation: tags the store with {@code tag}, waits for the tag's copy (its lag and the PUT's time go to the
     * samples), then untags and waits for the copy to go, so the next operation starts with an idle pump.
     */
    static void once(
            ApiClient api,
            DynamoDbClient dynamo,
            String table,
            String businessId,
            String storeId,
            String tag,
            Samples lag,
            Samples apiWrite) {
        Map<String, AttributeValue> copyKey = Map.of(
                Attributes.ID, AttributeValue.fromS(Keys.tagPartition(businessId, tag)),
                Attributes.TYPE, AttributeValue.fromS(Keys.subjectRef(Entity.STORE, storeId)));
        long start = System.nanoTime();
        api.expect2xx(api.put("/stores/" + storeId + "/tags/" + tag), "tag for the lag benchmark");
        apiWrite.add(System.nanoTime() - start);
        long deadline = start + 60_000_000_000L;
        while (true) {
            boolean visible = dynamo.getItem(GetItemRequest.builder()
                            .tableName(table)
                            .key(copyKey)
                            .consistentRead(true)
                            .build())
                    .hasItem();
            long now = System.nanoTime();
            if (visible) {
                lag.add(now - start);
                break;
            }
            if (now > deadline) {
                throw new IllegalStateException("the copy of tag " + tag + " did not appear within 60 s");
            }
            Waits.sleep(2);
        }
        // Untag again (and wait for the copy to go) so the store stays under the 50-tag limit and the next
        // operation starts with an idle pump.
        api.expect2xx(api.delete("/stores/" + storeId + "/tags/" + tag), "untag for the lag benchmark");
        while (dynamo.getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(copyKey)
                        .consistentRead(true)
                        .build())
                .hasItem()) {
            if (System.nanoTime() > deadline + 60_000_000_000L) {
                throw new IllegalStateException("the copy of tag " + tag + " was not removed within 60 s");
            }
            Waits.sleep(5);
        }
    }
}
