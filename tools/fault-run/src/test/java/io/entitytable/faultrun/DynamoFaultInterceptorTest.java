package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;

class DynamoFaultInterceptorTest {
    private static final String TABLE = "Faults";
    private static LocalDynamoDb dynamoDb;

    @BeforeAll
    static void startDynamoDb() {
        dynamoDb = LocalDynamoDb.startInMemory();
        dynamoDb.createTable(TABLE);
    }

    @AfterAll
    static void stopDynamoDb() {
        dynamoDb.close();
    }

    @Test
    void serverError_shouldReachTheCallerAfterTheSdkRetries_andWriteNothing() {
        // GIVEN every attempt answered 500 before it was sent
        FaultPlan plan = new FaultPlan(1, new FaultRates(0, 0, 0, 1, 0, 0, 0, 0));
        try (DynamoDbClient client = client(new DynamoFaultInterceptor(plan))) {
            // WHEN a put is sent
            assertThatThrownBy(() -> put(client, "refused"))
                    // THEN the SDK retried it (3 attempts in standard mode), then gave up
                    .isInstanceOf(InternalServerErrorException.class);
            assertThat(plan.injected(FaultKind.SERVER_ERROR)).isEqualTo(3);
        }
        assertThat(exists("refused")).isFalse();
    }

    @Test
    void serverErrorAfterWrite_shouldFailTheCall_althoughTheItemWasWritten() {
        // GIVEN every write answered 500 after it took effect
        FaultPlan plan = new FaultPlan(1, new FaultRates(0, 0, 0, 0, 1, 0, 0, 0));
        try (DynamoDbClient client = client(new DynamoFaultInterceptor(plan))) {
            // WHEN a put is sent
            assertThatThrownBy(() -> put(client, "ambiguous")).isInstanceOf(InternalServerErrorException.class);
        }
        // THEN the caller saw an error, every attempt was retried, and the item is there
        assertThat(plan.injected(FaultKind.SERVER_ERROR_AFTER_WRITE)).isEqualTo(3);
        assertThat(exists("ambiguous")).isTrue();
    }

    @Test
    void crash_shouldStopTheWriteItStrikes_andRefuseEveryLaterCall_whileEarlierWritesStay() {
        // GIVEN an instance that wrote one item, then is certain to die before its next write
        FaultPlan plan = new FaultPlan(1, FaultRates.NONE);
        FaultPlan dying = new FaultPlan(1, new FaultRates(0, 0, 1, 0, 0, 0, 0, 0));
        DynamoFaultInterceptor faults = new DynamoFaultInterceptor(dying);
        try (DynamoDbClient healthy = client(new DynamoFaultInterceptor(plan));
                DynamoDbClient client = client(faults)) {
            put(healthy, "before");

            // WHEN it writes, then reads
            assertThatThrownBy(() -> put(client, "struck")).isInstanceOf(SandboxCrashed.class);

            // THEN that write did not land and nothing gets through any more, not even a read
            assertThat(faults.crashed()).isTrue();
            assertThatThrownBy(() ->
                            client.getItem(request -> request.tableName(TABLE).key(key("before"))))
                    .isInstanceOf(SandboxCrashed.class);
        }
        assertThat(dying.injected(FaultKind.CRASH_MID_BATCH)).isEqualTo(1);
        assertThat(exists("before")).isTrue();
        assertThat(exists("struck")).isFalse();
    }

    private static DynamoDbClient client(DynamoFaultInterceptor faults) {
        return DynamoDbClient.builder()
                .endpointOverride(dynamoDb.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .overrideConfiguration(
                        config -> config.addExecutionInterceptor(faults).retryStrategy(RetryMode.STANDARD))
                .build();
    }

    private static void put(DynamoDbClient client, String id) {
        client.putItem(request -> request.tableName(TABLE).item(key(id)));
    }

    private static boolean exists(String id) {
        try (DynamoDbClient client = dynamoDb.client()) {
            return client.getItem(
                            request -> request.tableName(TABLE).key(key(id)).consistentRead(true))
                    .hasItem();
        }
    }

    private static Map<String, AttributeValue> key(String id) {
        return Map.of(Attributes.ID, Values.s(id), Attributes.TYPE, Values.s("test"));
    }
}
