package io.entitytable.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.access.Caller;
import io.entitytable.api.access.TestAccess;
import io.entitytable.api.business.BusinessService;
import io.entitytable.api.declared.DeclaredService;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.idempotency.FirstAnswer;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.idempotency.ReplayedAnswer;
import io.entitytable.api.idempotency.RequestFingerprint;
import io.entitytable.api.idempotency.TestIdempotentRequests;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.api.table.ShardCounts;
import io.entitytable.api.write.ConflictRetry;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.TestOptimisticWrites;
import io.entitytable.deployment.TestClock;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.IdempotencyRecord;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Creates with an {@code Idempotency-Key} through the services and {@link IdempotentRequests}, as the resources run
 * them, on a local DynamoDB engine with DynamoDB's transaction conflicts on (requests with one key meet as
 * transactions), with a function that dies after its transaction committed, and a clock a test moves.
 */
class IdempotentCreateTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();
    private static final int WRITERS = 32;
    /**
     * How long each transaction keeps its items before it commits, so that the requests overlap as on DynamoDB: long
     * enough that 32 threads released at once on 2 busy cores still reach their transactions within it.
     */
    private static final Duration HOLD = Duration.ofMillis(100);

    private static final Caller ALICE = new Caller("alice", true, Set.of());
    private static final Caller BOB = new Caller("bob", true, Set.of());

    private static InMemoryEntityTable local;
    private static final TestClock CLOCK = new TestClock();
    /** While set, the next TransactWriteItems that commits is followed by the function's death. */
    private static final AtomicBoolean DIE_AFTER_COMMIT = new AtomicBoolean();

    private final SimultaneousWriters simultaneous = new SimultaneousWriters(WRITERS);

    @BeforeAll
    static void start() {
        local = InMemoryEntityTable.withTransactionConflicts(HOLD);
    }

    @AfterAll
    static void stop() {
        local.close();
    }

    @AfterEach
    void stopPool() {
        simultaneous.close();
    }

    @Test
    void create_shouldMakeExactlyOneCustomer_whenThirtyTwoIdenticalRequestsWithOneKeyMeetAsTransactions()
            throws Exception {
        // GIVEN a business and one request, sent 32 times at once with one key
        Api api = new Api(local.client(), ALICE);
        String business = api.business("Flash sale");
        Map<String, Object> request = customer("Once");
        long conflictsBefore = local.conflicts();

        // WHEN
        List<Object> outcomes = simultaneous.all(WRITERS, writer -> () -> api.createCustomer(business, "k-1", request));

        // THEN one request wrote; every other one got its answer replayed, or a 409 to retry
        long conflicts = local.conflicts() - conflictsBefore;
        System.out.printf("IdempotentCreateTest: 32 requests with one key, %d transaction conflicts%n", conflicts);
        List<FirstAnswer> written = outcomes.stream()
                .filter(FirstAnswer.class::isInstance)
                .map(FirstAnswer.class::cast)
                .toList();
        assertThat(written).hasSize(1);
        assertThat(outcomes)
                .as("replays or 409s")
                .allMatch(o -> o instanceof FirstAnswer || o instanceof IdempotencyRecord || o.equals(409));
        assertThat(outcomes.stream().filter(IdempotencyRecord.class::isInstance))
                .as("replays")
                .isNotEmpty()
                .allSatisfy(replay -> assertThat(((IdempotencyRecord) replay).body())
                        .isEqualTo(written.get(0).body()));
        assertThat(childCount(business)).as("customers counted on the business").isEqualTo(1);
        assertThat(conflicts)
                .as("requests the engine refused for a transaction conflict")
                .isPositive();
        // AND a retry now replays without a write
        assertThat(api.createCustomer(business, "k-1", request))
                .isInstanceOfSatisfying(IdempotencyRecord.class, replay -> assertThat(replay.body())
                        .isEqualTo(written.get(0).body()));
        assertThat(childCount(business)).isEqualTo(1);
    }

    @Test
    void retry_shouldReplayTheAnswerOfTheCommittedCreate_whenTheFunctionDiedBeforeAnswering() {
        // GIVEN a function that dies right after its create's transaction commits
        Api api = new Api(dying(local.client()), ALICE);
        String business = api.business("Crashing");
        Map<String, Object> request = customer("Crash");
        DIE_AFTER_COMMIT.set(true);

        // WHEN the client sends the create, gets no answer, and retries with the same key
        Object first = api.createCustomer(business, "k-crash", request);
        Object retry = api.createCustomer(business, "k-crash", request);

        // THEN the first attempt failed for the client but committed, and the retry answers that customer
        assertThat(first).isInstanceOf(SdkClientException.class);
        assertThat(childCount(business)).isEqualTo(1);
        assertThat(retry).isInstanceOf(IdempotencyRecord.class);
        IdempotencyRecord replay = (IdempotencyRecord) retry;
        String id = replay.location().substring(replay.location().lastIndexOf('/') + 1);
        DeclaredItem stored = TestCustomers.customerFrom(
                local.table().findCore(Entity.CUSTOMER, id).orElseThrow());
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.location()).isEqualTo("/customers/" + id);
        assertThat(replay.etag()).isEqualTo("\"1\"");
        assertThat(replay.body())
                .as("what the first answer would have been")
                .isEqualTo(
                        FirstAnswer.created(JSON, DeclaredResponse.from(stored)).body());
    }

    @Test
    void key_shouldAnswerAnotherRequestWithA422_andAnotherCallerWithItsOwnCreate() {
        // GIVEN a customer created with a key
        Api alice = new Api(local.client(), ALICE);
        String business = alice.business("Keys");
        assertThat(alice.createCustomer(business, "k-shared", customer("First")))
                .isInstanceOf(FirstAnswer.class);

        // WHEN the same caller sends another body under the key, and another caller the same body and key
        Object otherBody = alice.createCustomer(business, "k-shared", customer("Second"));
        Object otherCaller = new Api(local.client(), BOB).createCustomer(business, "k-shared", customer("First"));

        // THEN the first is refused, nothing written; the second is a create of its own
        assertThat(otherBody).isEqualTo(422);
        assertThat(otherCaller).isInstanceOf(FirstAnswer.class);
        assertThat(childCount(business)).isEqualTo(2);
    }

    @Test
    void key_shouldBeFreeAgain_whenItsRecordIsPastItsTimeToLive_thoughTheLocalEngineNeverDeletesIt() {
        // GIVEN a create with a key
        Api api = new Api(local.client(), ALICE);
        String business = api.business("Expiry");
        Map<String, Object> request = customer("Daily");
        FirstAnswer first = (FirstAnswer) api.createCustomer(business, "k-daily", request);

        // WHEN the same request comes a second before and a second after 24 hours
        CLOCK.advance(IdempotencyRecord.KEPT.minusSeconds(1));
        Object withinADay = api.createCustomer(business, "k-daily", request);
        CLOCK.advance(Duration.ofSeconds(2));
        Object afterADay = api.createCustomer(business, "k-daily", request);

        // THEN the first is replayed, the second is a new customer that takes the key over
        assertThat(withinADay).isInstanceOfSatisfying(IdempotencyRecord.class, replay -> assertThat(replay.body())
                .isEqualTo(first.body()));
        assertThat(afterADay).isInstanceOfSatisfying(FirstAnswer.class, again -> assertThat(again.location())
                .isNotEqualTo(first.location()));
        assertThat(childCount(business)).isEqualTo(2);
        assertThat(api.createCustomer(business, "k-daily", request))
                .isInstanceOfSatisfying(IdempotencyRecord.class, replay -> assertThat(replay.location())
                        .isEqualTo(((FirstAnswer) afterADay).location()));
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** The services and the idempotency wrapper of one caller over one client, wired as the function wires them. */
    private static final class Api {
        private final BusinessService businesses;
        private final DeclaredService customers;
        private final IdempotentRequests idempotent;

        Api(DynamoDbClient client, Caller caller) {
            EntityTable table = new EntityTable(client, local.table().name());
            CoreWrites writes = new CoreWrites(table);
            OptimisticWrites optimistic =
                    TestOptimisticWrites.of(table, writes, ConflictRetry.standard(), CLOCK, TestAccess.of(caller));
            ShardCounts shards = new ShardCounts(table, Duration.ofSeconds(5), java.time.Clock.systemUTC());
            businesses =
                    new BusinessService(new SubjectDependencies(optimistic, writes, local.table(), null, shards, null));
            customers = new DeclaredService(
                    Entity.CUSTOMER, new SubjectDependencies(optimistic, writes, table, null, shards, null));
            idempotent = TestIdempotentRequests.of(table, optimistic, JSON);
        }

        String business(String name) {
            return businesses
                    .create(TestBusinesses.named(name), Set.of(), AnswerRecorder.none())
                    .id();
        }

        /** The answer of {@code POST /businesses/{id}/customers}: a first answer, a replayed record, a status or an error. */
        Object createCustomer(String business, String key, Map<String, Object> request) {
            String fingerprint = RequestFingerprint.of(JSON, "POST", "/businesses/" + business + "/customers", request);
            try {
                return idempotent.run(
                        Optional.of(key),
                        fingerprint,
                        (DeclaredItem created) -> FirstAnswer.created(JSON, DeclaredResponse.from(created)),
                        recorder -> FirstAnswer.created(
                                JSON, DeclaredResponse.from(customers.create(business, request, Set.of(), recorder))));
            } catch (ReplayedAnswer replayed) {
                return replayed.record();
            } catch (ApiProblem problem) {
                return problem.status();
            } catch (SdkClientException died) {
                return died;
            }
        }
    }

    private static Map<String, Object> customer(String lastName) {
        return TestCustomers.withHome("Ann", lastName);
    }

    private static long childCount(String business) {
        return ChildCounters.sum(local.table().getAll(ChildCounters.all(business)));
    }

    /**
     * A client whose TransactWriteItems, while {@link #DIE_AFTER_COMMIT} is set, commits and then fails once as the
     * function's death would: the write is in the table, the answer never reaches the client.
     */
    private static DynamoDbClient dying(DynamoDbClient client) {
        return (DynamoDbClient) Proxy.newProxyInstance(
                DynamoDbClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("transactWriteItems") && DIE_AFTER_COMMIT.compareAndSet(true, false)) {
                        throw SdkClientException.create("the function died after its transaction committed");
                    }
                    return result;
                });
    }
}
