package io.entitytable.fanout.refresh;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The refresh queue's entry point ({@code FunctionDefinition.REFRESH_WORKER.namedHandler()}): hands the batch and the
 * time left to {@link RefreshWork}.
 */
@Named("refresh")
public class RefreshHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {
    private final RefreshWork work;

    @Inject
    public RefreshHandler(RefreshWork work) {
        this.work = work;
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return work.process(event.getRecords(), context.getRemainingTimeInMillis());
    }
}
