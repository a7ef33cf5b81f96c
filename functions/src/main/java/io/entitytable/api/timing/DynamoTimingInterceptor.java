package io.entitytable.api.timing;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

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
 * The SDK runs a sync client's interceptors on the calling thread, which {@link RequestTiming#CURRENT} binds.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/sdk-for-java/latest/developer-guide/interceptors.html">SDK execution
 *     interceptors</a>
 */
public class DynamoTimingInterceptor implements ExecutionInterceptor {
    /**
     * The SDK refuses a second attribute of one name. A JVM may load this class more than once over one SDK (the tests
     * restart the application in new class loaders), so each loading names its own.
     */
    private static final ExecutionAttribute<Call> CALL = new ExecutionAttribute<>("EntityTableRequestTimingCall@"
            + Integer.toHexString(System.identityHashCode(DynamoTimingInterceptor.class)));

    /** The request member that asks DynamoDB to report consumed capacity, named alike in every operation that can. */
    private static final String RETURN_CONSUMED_CAPACITY = "ReturnConsumedCapacity";

    /** The response member that reports it: one table's capacity, or a list of them for a batch or a transaction. */
    private static final String CONSUMED_CAPACITY = "ConsumedCapacity";

    /**
     * The operations that read: a capacity they report only as a total is read units, any other operation's is write
     * units (a transactional write's condition checks are write units too). The API never scans (ErrorHandlingTest
     * guards that), but a scan is a read as well.
     */
    private static final Set<Class<? extends SdkResponse>> READS = Set.of(
            GetItemResponse.class,
            QueryResponse.class,
            ScanResponse.class,
            TransactGetItemsResponse.class,
            BatchGetItemResponse.class);

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        RequestTiming timing = RequestTiming.CURRENT.get();
        // The archive's S3 client runs the global interceptors too: its calls are no DynamoDB calls to count or time.
        if (timing != null && context.request() instanceof DynamoDbRequest) {
            attributes.putAttribute(CALL, new Call(timing, new AtomicBoolean()));
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
     * {@code request} asking for {@code level} of consumed capacity, unless it asks for some already. The SDK's
     * operations share no type for the parameter, so it is set through the SDK's own field model, which every
     * operation that can report its capacity names alike; any other request is left as it is.
     */
    static SdkRequest withCapacity(SdkRequest request, ReturnConsumedCapacity level) {
        SdkField<?> field = request.sdkFieldNameToField().get(RETURN_CONSUMED_CAPACITY);
        if (field == null || field.getValueOrDefault(request) != null) {
            return request;
        }
        SdkRequest.Builder builder = request.toBuilder();
        field.set(builder, level.toString());
        return builder.build();
    }

    /** The capacity a response reports, as {@code {read, write}} units; null when it reports none. */
    static double[] units(SdkResponse response) {
        Object reported =
                response.getValueForField(CONSUMED_CAPACITY, Object.class).orElse(null);
        List<?> capacities = reported instanceof List<?> list
                ? list
                : reported instanceof ConsumedCapacity one ? List.of(one) : List.of();
        boolean read = READS.contains(response.getClass());
        double[] units = null;
        for (Object capacity : capacities) {
            units = add(units, (ConsumedCapacity) capacity, read);
        }
        return units;
    }

    /**
     * Adds one table's capacity. DynamoDB may split it into read and write units; when it gives only the total, the
     * operation says which kind it is ({@link #READS}).
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
    private record Call(RequestTiming timing, AtomicBoolean ended) {
        void end(SdkResponse response) {
            long now = System.nanoTime();
            if (ended.getAndSet(true)) {
                return;
            }
            double[] units = response == null ? null : units(response);
            timing.callEnded(now, units == null ? null : units[0], units == null ? null : units[1]);
        }
    }
}
