package io.entitytable.api.timing;

import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Times every DynamoDB call made for an HTTP request into that request's {@link RequestTiming}, counts it and, when
 * the client asked for consumed capacity, asks DynamoDB for it and adds it up.
 *
 * <p>A call is timed from {@code beforeExecution} to {@code afterExecution} (or {@code onExecutionFailure}): the
 * whole SDK call, with marshalling, signing, the HTTP exchange, the SDK's retries and unmarshalling, which is what the
 * request's thread waits for. Calls made outside a request (none is bound to the thread) are left alone.
 *
 * <p>Registered for every SDK client of the function through {@code
 * software/amazon/awssdk/global/handlers/execution.interceptors}; the function builds one client, the DynamoDB one.
 * The SDK runs a sync client's interceptors on the calling thread, which {@link CurrentRequestTiming} binds.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/sdk-for-java/latest/developer-guide/interceptors.html">SDK execution
 *     interceptors</a>
 */
public class DynamoTimingInterceptor implements ExecutionInterceptor {
    private static final ExecutionAttribute<Call> CALL = new ExecutionAttribute<>("EntityTableRequestTimingCall");

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        RequestTiming timing = CurrentRequestTiming.get();
        if (timing != null) {
            attributes.putAttribute(CALL, new Call(timing));
            timing.callStarted(System.nanoTime());
        }
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call == null || call.timing.capacityAsked() == null) {
            return context.request();
        }
        return withCapacity(context.request(), call.timing.capacityAsked());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call != null) {
            call.end(context.response());
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call != null) {
            call.end(null);
        }
    }

    /**
     * {@code request} asking for {@code level} of consumed capacity, unless it asks for some already. Every operation
     * the API makes is here; it never scans (ErrorHandlingTest guards that).
     */
    static SdkRequest withCapacity(SdkRequest request, ReturnConsumedCapacity level) {
        if (request instanceof QueryRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof GetItemRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof PutItemRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof UpdateItemRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof DeleteItemRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof TransactWriteItemsRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof TransactGetItemsRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof BatchGetItemRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        if (request instanceof BatchWriteItemRequest r && r.returnConsumedCapacityAsString() == null) {
            return r.toBuilder().returnConsumedCapacity(level).build();
        }
        return request;
    }

    /** The capacity a response reports, as {@code {read, write}} units; null when it reports none. */
    static double[] units(SdkResponse response) {
        if (response instanceof GetItemResponse r) {
            return add(null, r.consumedCapacity(), true);
        }
        if (response instanceof QueryResponse r) {
            return add(null, r.consumedCapacity(), true);
        }
        if (response instanceof PutItemResponse r) {
            return add(null, r.consumedCapacity(), false);
        }
        if (response instanceof UpdateItemResponse r) {
            return add(null, r.consumedCapacity(), false);
        }
        if (response instanceof DeleteItemResponse r) {
            return add(null, r.consumedCapacity(), false);
        }
        if (response instanceof TransactWriteItemsResponse r && r.hasConsumedCapacity()) {
            return addAll(r.consumedCapacity(), false);
        }
        if (response instanceof TransactGetItemsResponse r && r.hasConsumedCapacity()) {
            return addAll(r.consumedCapacity(), true);
        }
        if (response instanceof BatchGetItemResponse r && r.hasConsumedCapacity()) {
            return addAll(r.consumedCapacity(), true);
        }
        if (response instanceof BatchWriteItemResponse r && r.hasConsumedCapacity()) {
            return addAll(r.consumedCapacity(), false);
        }
        return null;
    }

    private static double[] addAll(List<ConsumedCapacity> capacities, boolean read) {
        double[] units = null;
        for (ConsumedCapacity capacity : capacities) {
            units = add(units, capacity, read);
        }
        return units;
    }

    /**
     * Adds one table's capacity. DynamoDB may split it into read and write units; when it gives only the total, the
     * operation says which kind it is (a transactional write's condition checks are write units too).
     */
    private static double[] add(double[] units, ConsumedCapacity capacity, boolean read) {
        if (capacity == null) {
            return units;
        }
        double[] sum = units == null ? new double[2] : units;
        if (capacity.readCapacityUnits() != null || capacity.writeCapacityUnits() != null) {
            sum[0] += capacity.readCapacityUnits() == null ? 0 : capacity.readCapacityUnits();
            sum[1] += capacity.writeCapacityUnits() == null ? 0 : capacity.writeCapacityUnits();
        } else if (capacity.capacityUnits() != null) {
            sum[read ? 0 : 1] += capacity.capacityUnits();
        }
        return sum;
    }

    /** One SDK call of a request; it ends once, whichever of success or failure the SDK reports (or both). */
    private static final class Call {
        private final RequestTiming timing;
        private boolean ended;

        Call(RequestTiming timing) {
            this.timing = timing;
        }

        void end(SdkResponse response) {
            long now = System.nanoTime();
            synchronized (this) {
                if (ended) {
                    return;
                }
                ended = true;
            }
            double[] units = response == null ? null : units(response);
            timing.callEnded(now, units == null ? null : units[0], units == null ? null : units[1]);
        }
    }
}
