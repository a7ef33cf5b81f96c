package io.entitytable.api;

import io.entitytable.model.Attributes;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * TEST ONLY: plays businessGsi and gsi1 behind the table, as DynamoDB's indexes may be (the local DynamoDB engine updates its
 * indexes synchronously): while {@link #lag} is set, an item written less than that long ago is not in them yet. An item
 * changed in that time is missing rather than showing its old image, the part of the lag that matters to a list that
 * must find every item once the index has caught up. Off (zero) unless a test sets it.
 */
public class LaggingIndexes implements ExecutionInterceptor {
    private static volatile Duration lag = Duration.ZERO;

    public static void lag(Duration behind) {
        lag = behind;
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        Duration behind = lag;
        if (behind.isZero()
                || !(context.request() instanceof QueryRequest query)
                || !(TableLayout.BUSINESS_GSI.equals(query.indexName()) || TableLayout.GSI1.equals(query.indexName()))
                || !(context.response() instanceof QueryResponse response)) {
            return context.response();
        }
        Instant caughtUpTo = Instant.now().minus(behind);
        List<Map<String, AttributeValue>> indexed = response.items().stream()
                .filter(item -> !Values.instant(item, Attributes.UPDATED_AT).isAfter(caughtUpTo))
                .toList();
        return response.toBuilder().items(indexed).count(indexed.size()).build();
    }
}
