package io.entitytable.stream;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.transformers.v2.DynamodbEventTransformer;

/**
 * The DynamoDB Streams entry point of a function: converts the Lambda event into SDK records and hands them to its
 * {@link StreamBatch}. Each function's subclass is the {@code @Named} bean its zip's {@code quarkus.lambda.handler}
 * names. Quarkus's Lambda extension finds a handler among the implementations of {@code RequestHandler} in its index,
 * which reaches a subclass only through this class: this module's {@code META-INF/beans.xml} puts it there.
 */
public abstract class StreamBatchHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final StreamBatch batch;

    protected StreamBatchHandler(StreamBatch batch) {
        this.batch = batch;
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return batch.process(DynamodbEventTransformer.toRecordsV2(event));
    }
}
