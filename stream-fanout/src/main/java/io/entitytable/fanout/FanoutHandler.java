package io.entitytable.fanout;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.transformers.v2.DynamodbEventTransformer;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The DynamoDB Streams entry point ({@code FunctionDefinition.STREAM_FANOUT.namedHandler()}): converts the Lambda event
 * into SDK records and hands them to {@link StreamFanout}.
 */
@Named("fanout")
public class FanoutHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final StreamFanout fanout;

    @Inject
    public FanoutHandler(StreamFanout fanout) {
        this.fanout = fanout;
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return fanout.process(DynamodbEventTransformer.toRecordsV2(event));
    }
}
