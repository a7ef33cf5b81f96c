package io.entitytable.verify.move;

import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * One run of {@code migrate --online}: the target created when missing, an {@link OnlineMove} started (replicators
 * both ways, bulk copy, whole-table check by content), the cut-overs and cut-backs asked for, each tried up to {@code
 * attempts} times, then the replicators kept running until {@code replicateFor} passes or {@code stop} is counted down
 * (the process is told to stop, which also interrupts it: a cut-over under way then lifts its fence), since the way
 * back is current only while they run. No cut-over is tried before {@code apiRouting} finds the API routing to the
 * target, and that for as long as requests its previous version began may run.
 *
 * @param cutOver the businesses to route to the target, or {@link #ALL} for every business the check counted
 * @param cutBack the businesses to route back to the home table
 * @param replicateFor how long to keep replicating after the cut-overs; null: until {@code stop}
 */
public record OnlineMoveCommand(
        DynamoDbClient dynamo,
        DynamoDbStreamsClient streams,
        String from,
        String to,
        LayoutChange change,
        int segments,
        Duration pauseBudget,
        int attempts,
        List<String> cutOver,
        List<String> cutBack,
        Duration replicateFor,
        ApiRouting apiRouting,
        PrintStream err,
        CountDownLatch stop) {
    /** {@code --cut-over all}: every business the whole-table check counted. */
    public static final List<String> ALL = List.of("all");

    /** What the run prints once its cut-overs are done and it only replicates. */
    public static final String REPLICATING = "replicating both ways so that each business can go back";

    /** The exit code and the one JSON object of the run. */
    public record Result(int exitCode, Map<String, Object> summary) {}

    public static final int DONE = 0;
    public static final int NOT_EQUAL = 1;
    public static final int CUT_OVER_GAVE_UP = 3;
    public static final int API_NOT_ROUTING = 4;

    public Result run() throws InterruptedException {
        long started = System.nanoTime();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", "migrate");
        summary.put("online", true);
        summary.put("from", from);
        summary.put("to", to);
        boolean cutting = !cutOver.isEmpty() || !cutBack.isEmpty();
        ApiRouting.Verdict routing = cutting ? apiRouting.check(to) : null;
        long routingSeen = System.nanoTime();
        if (cutting && !routing.routes()) {
            return notRouting(routing, summary, started);
        }
        if (cutting && !apiRouting.checked()) {
            err.println("migrate --online: the API's routing is not checked (--api-function names it on AWS): the"
                    + " local runtime must run with --move-to " + to);
        }
        boolean created = TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, to);
        summary.put("targetCreated", created);
        matchTimeToLive().ifPresent(attribute -> summary.put("timeToLive", attribute));
        int exitCode = DONE;
        try (OnlineMove move = new OnlineMove(dynamo, streams, from, to, change, segments, pauseBudget)) {
            err.println("migrate --online: replicating both ways; copying " + from + " -> " + to);
            BulkCopy.Copied copied = move.copy();
            summary.put("copy", Map.of("written", copied.written(), "alreadyThere", copied.alreadyThere()));
            err.println("migrate --online: comparing both tables by content");
            ContentCheck.Result check = move.check();
            summary.put("check", checkSummary(check));
            if (!check.equal()) {
                err.println("migrate --online: " + check.differences().size() + " items still differ; no cut-over");
                exitCode = NOT_EQUAL;
            } else {
                if (cutting) {
                    routing = drained(routing, routingSeen);
                    if (!routing.routes()) {
                        return notRouting(routing, summary, started);
                    }
                    summary.put("api", Map.of("checked", apiRouting.checked(), "version", routing.version()));
                }
                List<Map<String, Object>> outcomes = new ArrayList<>();
                List<String> forward = cutOver.equals(ALL)
                        ? List.copyOf(check.itemsByBusiness().keySet())
                        : cutOver;
                for (String business : forward) {
                    if (move.routedToTarget(business)) {
                        err.println("migrate --online: " + business + " is served by " + to + " already");
                        continue;
                    }
                    CutOver.Outcome outcome = tried(() -> move.cutOver(business));
                    outcomes.add(outcomeSummary("to " + to, outcome));
                    exitCode = outcome.done() ? exitCode : CUT_OVER_GAVE_UP;
                }
                for (String business : cutBack) {
                    if (!move.routedToTarget(business)) {
                        err.println("migrate --online: " + business + " is served by " + from + " already");
                        continue;
                    }
                    CutOver.Outcome outcome = tried(() -> move.cutBack(business));
                    outcomes.add(outcomeSummary("back to " + from, outcome));
                    exitCode = outcome.done() ? exitCode : CUT_OVER_GAVE_UP;
                }
                summary.put("cutOvers", outcomes);
                boolean servedByTarget =
                        check.itemsByBusiness().keySet().stream().allMatch(move::routedToTarget);
                summary.put("servedByTarget", servedByTarget);
                if (servedByTarget) {
                    err.println("migrate --online: every business is served by " + to + ": to retire " + from
                            + ", serve the stack from " + to + " while this runs, then stop it (docs/design.md §2,"
                            + " \"Retiring the home table\")");
                }
                summary.put(
                        "longestPauseMillis",
                        outcomes.stream()
                                .mapToLong(o -> (long) o.get("fencedMillis"))
                                .max()
                                .orElse(0));
                keepReplicating();
            }
        }
        summary.put("exitCode", exitCode);
        summary.put("durationMillis", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return new Result(exitCode, summary);
    }

    /**
     * The home table's time to live, switched on in the target too (the layout's bootstrap creates a table without it):
     * without it the target would keep every idempotency record and rate bucket for good. Returns the attribute, when
     * the home table has one.
     */
    private Optional<String> matchTimeToLive() {
        Optional<String> attribute = TableBootstrap.timeToLive(dynamo, from);
        attribute.ifPresent(name -> TableBootstrap.expireItems(dynamo, to, name));
        return attribute;
    }

    /**
     * The API's routing once requests of its previous version have had their time ({@code drain} since it was first
     * seen routing), read again: a deployment since then would need its own wait.
     */
    private ApiRouting.Verdict drained(ApiRouting.Verdict routing, long seenAt) throws InterruptedException {
        long wait = routing.drain().toNanos() - (System.nanoTime() - seenAt);
        if (wait > 0) {
            err.println("migrate --online: waiting " + TimeUnit.NANOSECONDS.toSeconds(wait)
                    + " s for requests the API's previous version began");
            TimeUnit.NANOSECONDS.sleep(wait);
        }
        ApiRouting.Verdict now = apiRouting.check(to);
        if (now.routes() && !now.version().equals(routing.version())) {
            return ApiRouting.Verdict.not("the API was deployed again (version " + routing.version() + " -> "
                    + now.version() + ") while the move copied: run again");
        }
        return now;
    }

    private Result notRouting(ApiRouting.Verdict routing, Map<String, Object> summary, long started) {
        err.println("migrate --online: no cut-over: " + routing.reason());
        summary.put("api", Map.of("checked", true, "routes", false, "reason", routing.reason()));
        summary.put("exitCode", API_NOT_ROUTING);
        summary.put("durationMillis", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return new Result(API_NOT_ROUTING, summary);
    }

    private interface Attempt {
        CutOver.Outcome run() throws InterruptedException;
    }

    /** A cut-over that gave up lifted its fence; the next try waits a moment for the replicator to drain. */
    private CutOver.Outcome tried(Attempt attempt) throws InterruptedException {
        CutOver.Outcome outcome = attempt.run();
        if (outcome.erasing()) {
            err.println("migrate --online: " + outcome.business() + " is being erased; it stays where it is until the"
                    + " erase is done (run again then)");
            return outcome;
        }
        for (int tried = 1; !outcome.done() && tried < attempts; tried++) {
            err.println("migrate --online: cut-over of " + outcome.business() + " gave up after "
                    + outcome.fenced().toMillis() + " ms; trying again");
            Thread.sleep(pauseBudget.toMillis());
            outcome = attempt.run();
        }
        return outcome;
    }

    private void keepReplicating() throws InterruptedException {
        if (replicateFor != null && replicateFor.isZero()) {
            err.println("migrate --online: stopping the replicators: the way back is no longer kept current");
            return;
        }
        err.println("migrate --online: " + REPLICATING + "; "
                + (replicateFor == null ? "stop with Ctrl-C" : "for " + replicateFor.toSeconds() + " s"));
        try {
            if (replicateFor == null) {
                stop.await();
            } else {
                stop.await(replicateFor.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            if (stop.getCount() > 0) {
                throw e;
            }
            // Told to stop, which is how this phase ends.
        }
        err.println("migrate --online: replicators stopped");
    }

    private static Map<String, Object> checkSummary(ContentCheck.Result check) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("equal", check.equal());
        summary.put("businesses", check.itemsByBusiness().size());
        summary.put(
                "items",
                check.itemsByBusiness().values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        summary.put("mended", check.mended());
        summary.put(
                "differences",
                check.differences().stream()
                        .limit(20)
                        .map(d -> d.business() + " " + d.item().homeKey())
                        .toList());
        return summary;
    }

    private static Map<String, Object> outcomeSummary(String way, CutOver.Outcome outcome) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("business", outcome.business());
        summary.put("way", way);
        summary.put("done", outcome.done());
        summary.put("fencedMillis", outcome.fenced().toMillis());
        summary.put("compared", outcome.compared());
        if (outcome.erasing()) {
            summary.put("erasing", true);
        }
        return summary;
    }
}
