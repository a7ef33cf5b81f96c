package io.entitytable.api.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.TestBusinesses;
import io.entitytable.api.access.TestAccess;
import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InFlightTransaction;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.table.WriteConflict;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The optimistic cycle against a real table (the local DynamoDB engine in this JVM), with retries that do not sleep; the
 * transaction conflicts are the engine's.
 */
class OptimisticWritesTest {
    /** How long a transaction keeps its items on the engine of the test that meets another writer's transaction. */
    private static final Duration HOLD = Duration.ofSeconds(1);

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static InMemoryEntityTable local;
    private static EntityTable table;
    private static CoreWrites writes;

    private final AtomicInteger pauses = new AtomicInteger();
    private final OptimisticWrites optimistic = TestOptimisticWrites.of(
            table,
            writes,
            new ConflictRetry(3, Duration.ZERO, Duration.ZERO, pauses::incrementAndGet),
            Clock.fixed(NOW, ZoneOffset.UTC),
            TestAccess.of(TestCallerAccess.OPERATOR));

    @BeforeAll
    static void startTable() {
        local = InMemoryEntityTable.start();
        table = local.table();
        writes = new CoreWrites(table);
    }

    @AfterAll
    static void stopTable() {
        local.close();
    }

    private static String business(String name) {
        DeclaredItem business = TestBusinesses.business(Ids.newId(), name, CoreFields.created(Set.of(), NOW));
        assertThat(writes.createBusiness(business.toItem(), Optional.empty())).isTrue();
        return business.id();
    }

    @Test
    void withCurrent_shouldFailWith412AtOnce_whenIfMatchIsNotTheCurrentVersion() {
        // GIVEN
        String id = business("Stale");
        AtomicInteger attempts = new AtomicInteger();

        // WHEN / THEN
        assertThatThrownBy(() -> optimistic.withCurrent(Entity.BUSINESS, id, 7L, current -> attempts.incrementAndGet()))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(412));
        assertThat(attempts).hasValue(0);
    }

    @Test
    void withCurrent_shouldReadAgainAndRetry_afterALostRace() {
        // GIVEN
        String id = business("Busy");
        AtomicInteger attempts = new AtomicInteger();

        // WHEN
        String result = optimistic.withCurrent(Entity.BUSINESS, id, 1L, current -> {
            if (attempts.incrementAndGet() == 1) {
                throw new WriteConflict(0);
            }
            return "written";
        });

        // THEN
        assertThat(result).isEqualTo("written");
        assertThat(attempts).hasValue(2);
        assertThat(pauses).hasValue(1);
    }

    @Test
    void withCurrent_shouldGiveUpWith409_afterTheBound() {
        // GIVEN
        String id = business("Contended");
        AtomicInteger attempts = new AtomicInteger();

        // WHEN / THEN
        assertThatThrownBy(() -> optimistic.withCurrent(Entity.BUSINESS, id, null, current -> {
                    attempts.incrementAndGet();
                    throw new WriteConflict(0);
                }))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status()).isEqualTo(409);
                    assertThat(problem.getMessage()).contains("the business changed too often concurrently");
                });
        assertThat(attempts).hasValue(3);
    }

    @Test
    void withCurrent_shouldRetryWithTheSameIfMatch_afterATransactionConflict() {
        // GIVEN
        String id = business("Held");
        AtomicInteger attempts = new AtomicInteger();

        // WHEN
        String result = optimistic.withCurrent(Entity.BUSINESS, id, 1L, current -> {
            if (attempts.incrementAndGet() == 1) {
                throw new TransactionConflict();
            }
            return "written";
        });

        // THEN: no 412, the version did not move
        assertThat(result).isEqualTo("written");
        assertThat(attempts).hasValue(2);
    }

    @Test
    void withCurrent_shouldGiveUpWith503_whileOtherTransactionsKeepHoldingTheItem() {
        // GIVEN
        String id = business("Always held");
        AtomicInteger attempts = new AtomicInteger();

        // WHEN / THEN
        assertThatThrownBy(() -> optimistic.withCurrent(Entity.BUSINESS, id, null, current -> {
                    attempts.incrementAndGet();
                    throw new TransactionConflict();
                }))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(503));
        assertThat(attempts).hasValue(3);
    }

    @Test
    void createChild_shouldAnswerBusinessGoneAtOnce_whenTheBusinessGuardFails() {
        // GIVEN
        String missing = Ids.newId();
        DeclaredItem child = TestBusinesses.business(Ids.newId(), "Orphan", CoreFields.created(Set.of(), NOW));

        // WHEN / THEN: a failed condition on the business is final, not retried
        assertThatThrownBy(() -> optimistic.createChild(
                        missing,
                        List.of(child.toItem()),
                        Optional.empty(),
                        refused -> ApiProblem.conflict("being deleted")))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(409));
        assertThat(pauses).hasValue(0);
    }

    @Test
    void createChild_shouldGiveUpWith503_whileAnotherTransactionHoldsItsCounter() {
        try (InMemoryEntityTable contended = InMemoryEntityTable.withTransactionConflicts(HOLD)) {
            // GIVEN a business, and another writer's transaction in flight on the counter a new child counts on
            CoreWrites contendedWrites = new CoreWrites(contended.table());
            DeclaredItem parent =
                    TestBusinesses.business(Ids.newId(), "Busy parent", CoreFields.created(Set.of(), NOW));
            assertThat(contendedWrites.createBusiness(parent.toItem(), Optional.empty()))
                    .isTrue();
            DeclaredItem child = TestBusinesses.business(Ids.newId(), "Child", CoreFields.created(Set.of(), NOW));
            OptimisticWrites meetingOthers = TestOptimisticWrites.of(
                    contended.table(),
                    contendedWrites,
                    new ConflictRetry(3, Duration.ZERO, Duration.ZERO, pauses::incrementAndGet),
                    Clock.fixed(NOW, ZoneOffset.UTC),
                    TestAccess.of(TestCallerAccess.OPERATOR));
            long conflictsBefore = contended.conflicts();

            try (InFlightTransaction other = contended.transactionHolding(ChildCounters.of(parent.id(), child.id()))) {
                // WHEN / THEN every attempt is cancelled by the engine for that transaction, and the retries give up
                assertThatThrownBy(() -> meetingOthers.createChild(
                                parent.id(),
                                List.of(child.toItem()),
                                Optional.empty(),
                                refused -> ApiProblem.conflict("being deleted")))
                        .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                                .isEqualTo(503));
            }
            assertThat(contended.conflicts() - conflictsBefore)
                    .as("attempts the engine cancelled")
                    .isEqualTo(3);
            assertThat(pauses).hasValue(2);
        }
    }

    @Test
    void withCurrent_shouldBe404_whenTheSubjectDoesNotExist() {
        // WHEN / THEN
        assertThatThrownBy(() -> optimistic.withCurrent(Entity.BUSINESS, Ids.newId(), null, current -> "never"))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(404));
    }

    @Test
    void modify_shouldWriteTheChangeAsTheNextVersion_atTheClocksTime() {
        // GIVEN
        String id = business("Before");

        // WHEN
        DeclaredItem written = optimistic.modify(
                Entity.BUSINESS, id, 1L, (DeclaredItem business) -> business.with(TestBusinesses.named("After")));

        // THEN
        assertThat(written.version()).isEqualTo(2);
        assertThat(written.updatedAt()).isEqualTo(NOW);
        assertThat(CoreItem.from(optimistic.require(Entity.BUSINESS, id))).isEqualTo(written);
    }

    @Test
    void modify_shouldWriteNothing_whenTheChangeChangesNothing() {
        // GIVEN
        String id = business("Same");

        // WHEN
        DeclaredItem unchanged = optimistic.modify(Entity.BUSINESS, id, null, (DeclaredItem business) -> business);

        // THEN
        assertThat(unchanged.version()).isEqualTo(1);
        assertThat(CoreItem.from(optimistic.require(Entity.BUSINESS, id)).version())
                .isEqualTo(1);
    }
}
