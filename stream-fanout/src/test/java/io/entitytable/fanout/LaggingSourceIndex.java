package io.entitytable.fanout;

import io.entitytable.model.TableLayout;
import java.util.List;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * TEST ONLY: plays sourceGsi at its worst allowed behaviour, an index that has not caught up yet: every sourceGsi Query
 * answers with no items. (The local DynamoDB engine updates its indexes synchronously, so the race needs to be staged.)
 */
final class LaggingSourceIndex implements ExecutionInterceptor {
    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        if (context.request() instanceof QueryRequest query
                && TableLayout.SOURCE_GSI.equals(query.indexName())
                && context.response() instanceof QueryResponse response) {
            return response.toBuilder()
                    .items(List.of())
                    .count(0)
                    .scannedCount(0)
                    .build();
        }
        return context.response();
    }
}
