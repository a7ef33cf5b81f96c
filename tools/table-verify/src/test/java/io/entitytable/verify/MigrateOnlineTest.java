package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.SharedLocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.move.BusinessRoute;
import io.entitytable.verify.move.OnlineMoveCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * {@code migrate --online} through {@link Main}, against the local DynamoDB engine over HTTP as an operator runs it
 * beside the local runtime: while a writer that follows the routes as the API does keeps writing, one run copies,
 * checks and cuts every business over, a second run (after a gap in which no replicator ran) routes one back, and
 * every acknowledged write is in the table serving its business. The move's own parts are {@code OnlineMoveTest}'s.
 */
class MigrateOnlineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final DynamoDbClient DYNAMO = SharedLocalDynamoDb.client();

    @Test
    void movesEveryBusinessWhileItIsWritten_andRoutesOneBack() throws Exception {
        String home = SharedLocalDynamoDb.newTable("OnlineHome");
        String target = home + "Target";
        List<Writer> writers = List.of(new Writer(home, Ids.newId()), new Writer(home, Ids.newId()));
        for (Writer writer : writers) {
            for (int i = 0; i < 30; i++) {
                writer.writeOne();
            }
        }
        writers.forEach(Writer::start);

        Run forward = migrate("--online", "--from", home, "--to", target, "--cut-over", "all", "--replicate-for", "2");
        System.out.println("[migrate --online] " + forward.summary);
        assertThat(forward.exitCode).as(forward.err).isZero();
        assertThat(forward.summary.path("targetCreated").asBoolean()).isTrue();
        assertThat(forward.summary.path("check").path("equal").asBoolean()).isTrue();
        assertThat(forward.summary.path("cutOvers")).hasSize(2);
        forward.summary
                .path("cutOvers")
                .forEach(outcome -> assertThat(outcome.path("done").asBoolean()).isTrue());
        assertThat(forward.summary.path("longestPauseMillis").asLong()).isLessThanOrEqualTo(1000);
        writers.forEach(writer -> assertThat(route(home, writer.business))
                .map(BusinessRoute::state)
                .contains(BusinessRoute.State.MOVED));

        // written to the target while no replicator runs, then routed back by a second run
        Writer back = writers.get(0);
        back.awaitWrites(10);
        Run backRun = migrate(
                "--online", "--from", home, "--to", target, "--cut-back", back.business, "--replicate-for", "0");
        writers.forEach(Writer::stop);

        System.out.println("[migrate --online --cut-back] " + backRun.summary);
        assertThat(backRun.exitCode).as(backRun.err).isZero();
        assertThat(backRun.summary.path("check").path("equal").asBoolean()).isTrue();
        assertThat(route(home, back.business)).isEmpty();
        assertThat(writers)
                .allSatisfy(writer ->
                        assertThat(writer.refused.get()).as("writes refused").isZero());
        assertThat(back.longestHold).isLessThanOrEqualTo(Duration.ofSeconds(1));
        back.assertAcknowledgedIn(home);
        writers.get(1).assertAcknowledgedIn(target);
    }

    @Test
    void refusesAMoveOfATableOntoItself_andTheOfflineOptions() {
        Run same = migrate("--online", "--from", "T", "--to", "T");
        assertThat(same.exitCode).isEqualTo(CommandResult.USAGE);
        assertThat(same.err).contains("same table");
        Run data = migrate("--online", "--from", "T", "--to", "T2", "--data", "/tmp");
        assertThat(data.exitCode).isEqualTo(CommandResult.USAGE);
        assertThat(data.err).contains("--data is not for an online move");
        Run budget = migrate("--online", "--from", "T", "--to", "T2", "--pause-budget", "5000");
        assertThat(budget.exitCode).isEqualTo(CommandResult.USAGE);
        assertThat(budget.err).contains("--pause-budget must be a number from 50 to 1000");
    }

    @Test
    void cutsNothingOver_whileTheApiRunsWithoutTheTarget() throws Exception {
        // GIVEN a table with a business, and the API deployed without the move's target
        String home = SharedLocalDynamoDb.newTable("UnroutedHome");
        String target = home + "Target";
        Writer writer = new Writer(home, Ids.newId());
        writer.writeOne();
        try (LambdaStub lambda = new LambdaStub("EntityTable-Api", "7", null, 1)) {
            // WHEN the move is asked to cut it over
            Run run = cutOverAll(home, target, lambda);

            // THEN it stops before anything: no target, no route, and says what to deploy
            assertThat(run.exitCode).as(run.err).isEqualTo(OnlineMoveCommand.API_NOT_ROUTING);
            assertThat(run.err).contains("runs with no MOVE_TARGET_TABLE", "-c moveTargetTable=" + target);
            assertThat(run.summary.path("api").path("routes").asBoolean(true)).isFalse();
        }
        assertThat(DYNAMO.listTables().tableNames()).doesNotContain(target);
        assertThat(route(home, writer.business)).isEmpty();
    }

    @Test
    void cutsOver_onceTheApiRoutesToTheTarget_andItsPreviousVersionHadItsTimeout() throws Exception {
        String home = SharedLocalDynamoDb.newTable("RoutedHome");
        String target = home + "Target";
        Writer writer = new Writer(home, Ids.newId());
        writer.writeOne();
        // the home table expires idempotency records and rate buckets, as the stack's does
        DYNAMO.updateTimeToLive(request -> request.tableName(home)
                .timeToLiveSpecification(
                        ttl -> ttl.attributeName(TableLayout.TIME_TO_LIVE).enabled(true)));
        try (LambdaStub lambda = new LambdaStub("EntityTable-Api", "8", target, 1)) {
            Run run = cutOverAll(home, target, lambda);

            assertThat(run.exitCode).as(run.err).isZero();
            assertThat(run.summary.path("api").path("checked").asBoolean()).isTrue();
            assertThat(run.summary.path("api").path("version").asText()).isEqualTo("8");
        }
        assertThat(route(home, writer.business)).map(BusinessRoute::state).contains(BusinessRoute.State.MOVED);
        // and the target it created expires them too
        assertThat(DYNAMO.describeTimeToLive(request -> request.tableName(target))
                        .timeToLiveDescription())
                .satisfies(ttl -> assertThat(ttl.timeToLiveStatusAsString()).isEqualTo("ENABLED"))
                .satisfies(ttl -> assertThat(ttl.attributeName()).isEqualTo(TableLayout.TIME_TO_LIVE));
    }

    @Test
    void refusesACutOverOnAwsWithoutTheApiFunction() {
        Run run = run(List.of("migrate", "--online", "--from", "T", "--to", "T2", "--cut-over", "all"));
        assertThat(run.exitCode).isEqualTo(CommandResult.USAGE);
        assertThat(run.err).contains("a cut-over on AWS needs --api-function");
    }

    private record Run(int exitCode, JsonNode summary, String err) {}

    /** Every business cut over, the API's function read from {@code lambda}; the replicators stop at once. */
    private static Run cutOverAll(String home, String target, LambdaStub lambda) {
        return migrate(
                "--online",
                "--from",
                home,
                "--to",
                target,
                "--cut-over",
                "all",
                "--replicate-for",
                "0",
                "--api-function",
                "EntityTable-Api",
                "--lambda-endpoint",
                lambda.endpoint());
    }

    private static Run migrate(String... options) {
        List<String> args = new ArrayList<>(List.of("migrate"));
        args.addAll(List.of(options));
        args.addAll(List.of("--endpoint", SharedLocalDynamoDb.endpoint(), "--segments", "2"));
        return run(args);
    }

    private static Run run(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode = Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false,
                MigrateCommand.Interruptions.NONE,
                new CountDownLatch(1));
        String printed = out.toString(StandardCharsets.UTF_8).strip();
        try {
            return new Run(
                    exitCode,
                    printed.isEmpty() ? JSON.nullNode() : JSON.readTree(printed),
                    err.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + printed, e);
        }
    }

    private static Optional<BusinessRoute> route(String home, String business) {
        return BusinessRoute.read(DYNAMO, home, business);
    }

    /**
     * A business's customers created one after another, each write made as the API makes it during a move: to the
     * table the route names, with the route's check; a fenced business's write waits, for a second at most.
     */
    private static final class Writer {
        private static final Duration HOLD = Duration.ofSeconds(1);
        private final String home;
        final String business;
        final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        final AtomicLong refused = new AtomicLong();
        volatile Duration longestHold = Duration.ZERO;
        private final AtomicBoolean writing = new AtomicBoolean(true);
        private Thread thread;

        Writer(String home, String business) {
            this.home = home;
            this.business = business;
        }

        void start() {
            thread = new Thread(
                    () -> {
                        while (writing.get()) {
                            writeOne();
                            pause(Duration.ofMillis(40));
                        }
                    },
                    "writer-" + business);
            thread.start();
        }

        void stop() {
            writing.set(false);
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void awaitWrites(int more) throws InterruptedException {
            int wanted = acknowledged.size() + more;
            while (acknowledged.size() < wanted) {
                Thread.sleep(20);
            }
        }

        void writeOne() {
            String id = Ids.newId();
            Map<String, AttributeValue> item = Values.newItem();
            item.put(Attributes.ID, Values.s(id));
            item.put(Attributes.TYPE, Values.s("customer#doe.jane"));
            item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
            item.put(Attributes.BUSINESS_ID, Values.s(business));
            long heldSince = 0;
            while (true) {
                Optional<BusinessRoute> route = BusinessRoute.read(DYNAMO, home, business);
                if (route.isPresent() && route.get().fenced()) {
                    heldSince = heldSince == 0 ? System.nanoTime() : heldSince;
                    if (System.nanoTime() - heldSince > HOLD.toNanos()) {
                        refused.incrementAndGet();
                        return;
                    }
                    pause(Duration.ofMillis(10));
                    continue;
                }
                String table = BusinessRoute.servingTable(route, home);
                try {
                    DYNAMO.transactWriteItems(request -> request.transactItems(
                            TransactWriteItem.builder()
                                    .put(Put.builder()
                                            .tableName(table)
                                            .item(item)
                                            .build())
                                    .build(),
                            BusinessRoute.writeCheck(home, table, business)));
                    if (heldSince != 0) {
                        Duration held = Duration.ofNanos(System.nanoTime() - heldSince);
                        longestHold = held.compareTo(longestHold) > 0 ? held : longestHold;
                    }
                    acknowledged.add(id);
                    return;
                } catch (TransactionCanceledException e) {
                    // The route changed between its read and the write: read it again.
                    heldSince = heldSince == 0 ? System.nanoTime() : heldSince;
                }
            }
        }

        void assertAcknowledgedIn(String table) {
            for (String id : acknowledged) {
                assertThat(DYNAMO.getItem(request -> request.tableName(table)
                                        .consistentRead(true)
                                        .key(Map.of(
                                                Attributes.ID,
                                                Values.s(id),
                                                Attributes.TYPE,
                                                Values.s("customer#doe.jane"))))
                                .hasItem())
                        .as("customer %s of %s in %s", id, business, table)
                        .isTrue();
            }
        }

        private static void pause(Duration duration) {
            try {
                Thread.sleep(duration.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
