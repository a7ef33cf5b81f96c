package io.entitytable.fanout;

import io.entitytable.stream.StreamBatchHandler;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The DynamoDB Streams entry point ({@code FunctionDefinition.STREAM_FANOUT.namedHandler()}) of {@link StreamFanout}.
 */
@Named("fanout")
public class FanoutHandler extends StreamBatchHandler {
    @Inject
    public FanoutHandler(StreamFanout fanout) {
        super(fanout);
    }
}
