package io.entitytable.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.search.repair.backfill.BackfillRun;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code backfill}: runs every index backfill of the table until it is ready, at the pace the API's traffic leaves room
 * for ({@link BackfillRun.Pace#DEFAULT}). Stopped anywhere, the next run resumes at the last saved page; run while
 * another runs, one of them stops at its next page. Prints one JSON line: each backfill's progress.
 */
final class BackfillCommand {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BackfillCommand() {}

    static String run(DynamoDbClient dynamo, String table, Clock clock, PrintStream err) {
        ArrayNode backfills = JSON.createArrayNode();
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            BackfillProgress progress;
            try {
                progress = new BackfillRun(
                                dynamo, table, backfill, BackfillRun.Pace.DEFAULT, clock, BackfillRun.Sleeper.REAL)
                        .runUntil(Instant.MAX);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted; rerun to continue", e);
            }
            err.println(backfill.name() + ": " + progress.describe());
            ObjectNode line = backfills.addObject();
            line.put("backfill", backfill.name());
            line.put("pattern", backfill.pattern().number());
            line.put("phase", progress.phase().value());
            line.put("pass", progress.pass());
            line.put("percent", progress.percent());
        }
        ObjectNode summary = JSON.createObjectNode();
        summary.put("table", table);
        summary.set("backfills", backfills);
        return summary.toString();
    }
}
