package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** One test per case of "Transaction conflict handling in DynamoDB", against a delegate whose calls can be held open. */
class ConflictingDynamoDbClientTest {
    private static final String TABLE = "Entity";
    private static final Map<String, AttributeValue> A = key("a");
    private static final Map<String, AttributeValue> B = key("b");

    private final HoldingDelegate delegate = new HoldingDelegate();
    private final ConflictingDynamoDbClient client = ConflictingDynamoDbClient.wrap(delegate);
    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        delegate.release();
        background.shutdownNow();
    }

    /** The writes that can be the ongoing request a TransactGetItems meets. */
    enum Write {
        TRANSACT_WRITE(client -> client.transactWriteItems(transactWrite(A))),
        BATCH_WRITE(client -> client.batchWriteItem(batchPut(A))),
        PUT(client -> client.putItem(put(A))),
        UPDATE(client -> client.updateItem(update(A))),
        DELETE(client -> client.deleteItem(delete(A)));

        private final Consumer<DynamoDbClient> send;

        Write(Consumer<DynamoDbClient> send) {
            this.send = send;
        }
    }

    @Test
    void putUpdateDelete_shouldFailWithTransactionConflict_whenAnOngoingTransactWriteIncludesTheItem()
            throws Exception {
        // GIVEN
        Future<?> ongoing = ongoing(() -> client.transactWriteItems(transactWrite(B, A)));

        // WHEN / THEN
        assertThatThrownBy(() -> client.putItem(put(A))).isInstanceOf(TransactionConflictException.class);
        assertThatThrownBy(() -> client.updateItem(update(A))).isInstanceOf(TransactionConflictException.class);
        assertThatThrownBy(() -> client.deleteItem(delete(A))).isInstanceOf(TransactionConflictException.class);
        assertThat(client.conflicts()).isEqualTo(3);
        delegate.release();
        ongoing.get(5, TimeUnit.SECONDS);
    }

    @Test
    void transactWrite_shouldBeCancelledWithTransactionConflictAtThatItem_whenAnotherOngoingTransactWriteIncludesIt()
            throws Exception {
        // GIVEN
        Future<?> ongoing = ongoing(() -> client.transactWriteItems(transactWrite(A)));

        // WHEN / THEN
        assertThatThrownBy(() -> client.transactWriteItems(transactWrite(B, A)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, cancelled -> assertThat(codes(cancelled))
                        .containsExactly("None", "TransactionConflict"));
        delegate.release();
        ongoing.get(5, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(Write.class)
    void transactGet_shouldBeCancelledWithTransactionConflictAtThatItem_whenAnOngoingWriteIncludesIt(Write write)
            throws Exception {
        // GIVEN
        Future<?> ongoing = ongoing(() -> write.send.accept(client));

        // WHEN / THEN
        assertThatThrownBy(() -> client.transactGetItems(transactGet(A, B)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, cancelled -> assertThat(codes(cancelled))
                        .containsExactly("TransactionConflict", "None"));
        delegate.release();
        ongoing.get(5, TimeUnit.SECONDS);
    }

    @Test
    void transactGet_shouldBeCancelled_whenAWriteOfItsItemStartsWhileItIsOngoing() throws Exception {
        // GIVEN
        Future<TransactGetItemsResponse> read = background.submit(() -> client.transactGetItems(transactGet(B, A)));
        delegate.awaitHeld();

        // WHEN: the writer is not refused ...
        delegate.passThrough();
        assertThatCode(() -> client.putItem(put(A))).doesNotThrowAnyException();
        delegate.release();

        // THEN ... the reader loses
        assertThatThrownBy(() -> read.get(5, TimeUnit.SECONDS))
                .cause()
                .isInstanceOfSatisfying(TransactionCanceledException.class, cancelled -> assertThat(codes(cancelled))
                        .containsExactly("None", "TransactionConflict"));
    }

    @Test
    void batchWrite_shouldNotConflict_withAnOngoingTransactWrite() throws Exception {
        // GIVEN: BatchWriteItem is not among the requests a transaction rejects
        Future<?> ongoing = ongoing(() -> client.transactWriteItems(transactWrite(A)));
        delegate.passThrough();

        // WHEN / THEN
        assertThatCode(() -> client.batchWriteItem(batchPut(A))).doesNotThrowAnyException();
        assertThatCode(() -> client.getItem(request -> request.tableName(TABLE).key(A)))
                .as("GetItem never conflicts")
                .doesNotThrowAnyException();
        assertThat(client.conflicts()).isZero();
        delegate.release();
        ongoing.get(5, TimeUnit.SECONDS);
    }

    @Test
    void everyRequest_shouldSucceed_whenTheItemsDiffer() throws Exception {
        // GIVEN
        Future<?> ongoing = ongoing(() -> client.transactWriteItems(transactWrite(A)));
        delegate.passThrough();

        // WHEN / THEN
        assertThatCode(() -> {
                    client.putItem(put(B));
                    client.updateItem(update(B));
                    client.deleteItem(delete(B));
                    client.transactWriteItems(transactWrite(B));
                    client.transactGetItems(transactGet(B));
                })
                .doesNotThrowAnyException();
        assertThat(client.conflicts()).isZero();
        delegate.release();
        ongoing.get(5, TimeUnit.SECONDS);
    }

    @Test
    void conflict_shouldClear_whenTheTransactionEnds() throws Exception {
        // GIVEN
        Future<?> ongoing = ongoing(() -> client.transactWriteItems(transactWrite(A)));
        assertThatThrownBy(() -> client.putItem(put(A))).isInstanceOf(TransactionConflictException.class);

        // WHEN
        delegate.release();
        ongoing.get(5, TimeUnit.SECONDS);

        // THEN
        assertThatCode(() -> client.putItem(put(A))).doesNotThrowAnyException();
        assertThatCode(() -> client.transactWriteItems(transactWrite(A))).doesNotThrowAnyException();
        assertThat(client.conflicts()).isEqualTo(1);
    }

    @Test
    void writes_shouldConflict_whenAnUnseenTransactionHoldsTheItem() {
        // GIVEN
        delegate.passThrough();
        ConflictingDynamoDbClient seeingOthers =
                new ConflictingDynamoDbClient(delegate, Duration.ZERO, (table, key) -> key.equals(A));

        // WHEN / THEN
        assertThatThrownBy(() -> seeingOthers.putItem(put(A))).isInstanceOf(TransactionConflictException.class);
        assertThatThrownBy(() -> seeingOthers.transactWriteItems(transactWrite(A, B)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, cancelled -> assertThat(codes(cancelled))
                        .containsExactly("TransactionConflict", "None"));
        assertThatCode(() -> seeingOthers.putItem(put(B))).doesNotThrowAnyException();
        assertThat(seeingOthers.conflicts()).isEqualTo(2);
    }

    private Future<?> ongoing(Runnable request) throws InterruptedException {
        Future<?> future = background.submit(request);
        delegate.awaitHeld();
        return future;
    }

    private static List<String> codes(TransactionCanceledException cancelled) {
        return cancelled.cancellationReasons().stream()
                .map(CancellationReason::code)
                .toList();
    }

    private static Map<String, AttributeValue> key(String id) {
        return Map.of("id", AttributeValue.fromS(id), "type", AttributeValue.fromS("business"));
    }

    private static PutItemRequest put(Map<String, AttributeValue> key) {
        return PutItemRequest.builder().tableName(TABLE).item(withName(key)).build();
    }

    private static Map<String, AttributeValue> withName(Map<String, AttributeValue> key) {
        return Map.of("id", key.get("id"), "type", key.get("type"), "name", AttributeValue.fromS("n"));
    }

    private static UpdateItemRequest update(Map<String, AttributeValue> key) {
        return UpdateItemRequest.builder().tableName(TABLE).key(key).build();
    }

    private static DeleteItemRequest delete(Map<String, AttributeValue> key) {
        return DeleteItemRequest.builder().tableName(TABLE).key(key).build();
    }

    private static BatchWriteItemRequest batchPut(Map<String, AttributeValue> key) {
        return BatchWriteItemRequest.builder()
                .requestItems(Map.of(
                        TABLE,
                        List.of(WriteRequest.builder()
                                .putRequest(
                                        PutRequest.builder().item(withName(key)).build())
                                .build())))
                .build();
    }

    @SafeVarargs
    private static TransactWriteItemsRequest transactWrite(Map<String, AttributeValue>... keys) {
        return TransactWriteItemsRequest.builder()
                .transactItems(List.of(keys).stream()
                        .map(key -> software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder()
                                .update(update -> update.tableName(TABLE).key(key))
                                .build())
                        .toList())
                .build();
    }

    @SafeVarargs
    private static TransactGetItemsRequest transactGet(Map<String, AttributeValue>... keys) {
        return TransactGetItemsRequest.builder()
                .transactItems(List.of(keys).stream()
                        .map(key -> software.amazon.awssdk.services.dynamodb.model.TransactGetItem.builder()
                                .get(get -> get.tableName(TABLE).key(key))
                                .build())
                        .toList())
                .build();
    }

    /**
     * Holds the first write or transaction it receives open until {@link #release}, so a test can send a second
     * request while the first is ongoing; once {@link #passThrough} is called, later calls return at once.
     */
    private static final class HoldingDelegate implements DynamoDbClient {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private volatile boolean passing;

        void awaitHeld() throws InterruptedException {
            assertThat(held.await(5, TimeUnit.SECONDS))
                    .as("the first request is ongoing")
                    .isTrue();
        }

        void passThrough() {
            passing = true;
        }

        void release() {
            passing = true;
            released.countDown();
        }

        private void hold() {
            if (passing) {
                return;
            }
            held.countDown();
            try {
                released.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public PutItemResponse putItem(PutItemRequest request) {
            hold();
            return PutItemResponse.builder().build();
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            hold();
            return UpdateItemResponse.builder().build();
        }

        @Override
        public DeleteItemResponse deleteItem(DeleteItemRequest request) {
            hold();
            return DeleteItemResponse.builder().build();
        }

        @Override
        public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
            hold();
            return BatchWriteItemResponse.builder().build();
        }

        @Override
        public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
            hold();
            return TransactWriteItemsResponse.builder().build();
        }

        @Override
        public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
            hold();
            return TransactGetItemsResponse.builder().build();
        }

        @Override
        public GetItemResponse getItem(GetItemRequest request) {
            return GetItemResponse.builder().build();
        }

        @Override
        public DescribeTableResponse describeTable(DescribeTableRequest request) {
            return DescribeTableResponse.builder()
                    .table(TableDescription.builder()
                            .keySchema(
                                    KeySchemaElement.builder()
                                            .attributeName("id")
                                            .keyType(KeyType.HASH)
                                            .build(),
                                    KeySchemaElement.builder()
                                            .attributeName("type")
                                            .keyType(KeyType.RANGE)
                                            .build())
                            .build())
                    .build();
        }

        @Override
        public String serviceName() {
            return SERVICE_NAME;
        }

        @Override
        public void close() {}
    }
}
