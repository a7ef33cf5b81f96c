package io.entitytable.local.dynamodb;

import io.entitytable.local.dynamodb.InFlightItems.Item;
import io.entitytable.local.dynamodb.InFlightItems.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * TEST SUPPORT: a {@link DynamoDbClient} that gives a delegate which never produces transaction conflicts (DynamoDB
 * Local serializes every request) DynamoDB's: each request holds the items it includes for as long as the delegated
 * call lasts (plus {@code widening}, to make races likelier), and a request that meets a conflicting one fails as
 * DynamoDB fails it ({@link InFlightItems} has the rules): a single-item write with {@link
 * TransactionConflictException}, a transaction with {@link TransactionCanceledException} whose reasons say {@code
 * TransactionConflict} at each conflicting item and {@code None} elsewhere. Only clients sharing one instance see each
 * other; {@link UnseenTransactions} stands for transactions of another process.
 *
 * <p>Reads other than TransactGetItems, and table administration, pass straight through.
 */
public final class ConflictingDynamoDbClient implements DynamoDbClient {
    /** The message DynamoDB gives with a conflict. */
    static final String ONGOING = "Transaction is ongoing for the item";

    /** Items held by transactions this client cannot see, e.g. the API's when the client is the fan-out's. */
    @FunctionalInterface
    public interface UnseenTransactions {
        UnseenTransactions NONE = (table, key) -> false;

        /** Whether such a transaction holds the item of {@code table} with {@code key} at this instant. */
        boolean hold(String table, Map<String, AttributeValue> key);
    }

    private final DynamoDbClient delegate;
    private final Duration widening;
    private final UnseenTransactions unseen;
    private final InFlightItems inFlight = new InFlightItems();
    private final Map<String, List<String>> keyNames = new ConcurrentHashMap<>();
    private final AtomicLong conflicts = new AtomicLong();

    public ConflictingDynamoDbClient(DynamoDbClient delegate, Duration widening, UnseenTransactions unseen) {
        this.delegate = delegate;
        this.widening = widening;
        this.unseen = unseen;
    }

    /** Conflicts between the requests sent through this client only, held no longer than each call. */
    public static ConflictingDynamoDbClient wrap(DynamoDbClient delegate) {
        return new ConflictingDynamoDbClient(delegate, Duration.ZERO, UnseenTransactions.NONE);
    }

    /** How many requests failed for a conflict so far (one per request, whatever its number of items). */
    public long conflicts() {
        return conflicts.get();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Requests that can conflict

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        Item item = item(request.tableName(), request.item());
        return single(item, () -> delegate.putItem(request));
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return single(new Item(request.tableName(), request.key()), () -> delegate.updateItem(request));
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return single(new Item(request.tableName(), request.key()), () -> delegate.deleteItem(request));
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        List<Item> items = new ArrayList<>();
        request.requestItems().forEach((table, writes) -> {
            for (WriteRequest write : writes) {
                items.add(
                        write.putRequest() != null
                                ? item(table, write.putRequest().item())
                                : new Item(table, write.deleteRequest().key()));
            }
        });
        InFlightItems.Start start = inFlight.start(Kind.BATCH_WRITE, items, this::heldElsewhere);
        return held(start.request(), () -> delegate.batchWriteItem(request));
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        List<Item> items = new ArrayList<>();
        for (TransactWriteItem action : request.transactItems()) {
            items.add(itemOf(action));
        }
        return held(startTransaction(Kind.TRANSACT_WRITE, items), () -> delegate.transactWriteItems(request));
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        List<Item> items = new ArrayList<>();
        for (TransactGetItem get : request.transactItems()) {
            items.add(new Item(get.get().tableName(), get.get().key()));
        }
        InFlightItems.Request holding = startTransaction(Kind.TRANSACT_GET, items);
        TransactGetItemsResponse response = held(holding, () -> delegate.transactGetItems(request));
        Set<Integer> lost = holding.lost();
        if (!lost.isEmpty()) {
            throw cancelled(items.size(), lost);
        }
        return response;
    }

    /**
     * Holds a transaction's items, or cancels it as DynamoDB cancels a transaction that meets another: one rule for
     * write and read transactions alike, {@code kind} saying which holds conflict ({@link InFlightItems}).
     */
    private InFlightItems.Request startTransaction(Kind kind, List<Item> items) {
        InFlightItems.Start start = inFlight.start(kind, items, this::heldElsewhere);
        if (!start.started()) {
            throw cancelled(items.size(), start.conflicts());
        }
        return start.request();
    }

    private <T> T single(Item item, Supplier<T> call) {
        InFlightItems.Start start = inFlight.start(Kind.WRITE, List.of(item), this::heldElsewhere);
        if (!start.started()) {
            conflicts.incrementAndGet();
            throw (TransactionConflictException) TransactionConflictException.builder()
                    .message(ONGOING)
                    .statusCode(400)
                    .awsErrorDetails(details("TransactionConflictException", ONGOING))
                    .build();
        }
        return held(start.request(), call);
    }

    /** Runs {@code call} while {@code request}'s items are held, widened by the configured delay. */
    private <T> T held(InFlightItems.Request request, Supplier<T> call) {
        try {
            if (!widening.isZero()) {
                Thread.sleep(widening.toMillis());
            }
            return call.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while holding items", e);
        } finally {
            inFlight.end(request);
        }
    }

    private TransactionCanceledException cancelled(int size, Set<Integer> conflicting) {
        conflicts.incrementAndGet();
        List<CancellationReason> reasons = new ArrayList<>();
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            boolean conflict = conflicting.contains(i);
            reasons.add(
                    conflict
                            ? CancellationReason.builder()
                                    .code("TransactionConflict")
                                    .message(ONGOING)
                                    .build()
                            : CancellationReason.builder().code("None").build());
            codes.add(conflict ? "TransactionConflict" : "None");
        }
        String message = "Transaction cancelled, please refer cancellation reasons for specific reasons " + codes;
        return (TransactionCanceledException) TransactionCanceledException.builder()
                .message(message)
                .statusCode(400)
                .cancellationReasons(reasons)
                .awsErrorDetails(details("TransactionCanceledException", message))
                .build();
    }

    private static AwsErrorDetails details(String code, String message) {
        return AwsErrorDetails.builder()
                .errorCode(code)
                .errorMessage(message)
                .serviceName("DynamoDb")
                .build();
    }

    private boolean heldElsewhere(Item item) {
        return unseen.hold(item.table(), item.key());
    }

    private Item itemOf(TransactWriteItem action) {
        if (action.put() != null) {
            return item(action.put().tableName(), action.put().item());
        }
        if (action.update() != null) {
            return new Item(action.update().tableName(), action.update().key());
        }
        if (action.delete() != null) {
            return new Item(action.delete().tableName(), action.delete().key());
        }
        return new Item(
                action.conditionCheck().tableName(), action.conditionCheck().key());
    }

    /** The item a whole-item write names: its key attributes, by the table's key schema (read once). */
    private Item item(String table, Map<String, AttributeValue> attributes) {
        List<String> names = keyNames.computeIfAbsent(table, this::keySchema);
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        names.forEach(name -> key.put(name, attributes.get(name)));
        return new Item(table, key);
    }

    private List<String> keySchema(String table) {
        return delegate.describeTable(request -> request.tableName(table)).table().keySchema().stream()
                .map(KeySchemaElement::attributeName)
                .toList();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Requests that never conflict. Scan is not among them: nothing behind this double (the API, the fan-out) may
    // scan, so the interface's default refuses it.

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return delegate.getItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return delegate.query(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return delegate.batchGetItem(request);
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
        return delegate.describeTable(request);
    }

    @Override
    public CreateTableResponse createTable(CreateTableRequest request) {
        return delegate.createTable(request);
    }

    @Override
    public DeleteTableResponse deleteTable(DeleteTableRequest request) {
        return delegate.deleteTable(request);
    }

    @Override
    public ListTablesResponse listTables(ListTablesRequest request) {
        return delegate.listTables(request);
    }

    @Override
    public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
        return delegate.serviceClientConfiguration();
    }

    @Override
    public String serviceName() {
        return delegate.serviceName();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
