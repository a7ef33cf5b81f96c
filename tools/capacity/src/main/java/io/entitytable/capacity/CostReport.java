package io.entitytable.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The report's cost section: the bill's summary line, then the bill by resource and by operation, and its sources. */
final class CostReport {
    private CostReport() {}

    /** The bill of the stage as deployed by default, and the summary of the same stage at scale. */
    static String markdown(Bill bill, Bill atScale) {
        StringBuilder out = new StringBuilder();
        out.append("## Cost\n\n");
        out.append(bill.summary()).append("\n\n");
        out.append(text(
                """
                Deployed with `-c observability=scale` (no trace, no line per request, none of Lambda's START, END \
                and REPORT lines, a slim access log; every metric and alarm kept): %s.

                A month (730 hours) of the workload's %,.0f API requests a second and of what they set going, at %s \
                list prices quoted %s (`tools/capacity/prices/%s.json`, with each service's pricing page). Where a \
                price falls with the month's volume, its tiers price the month as a whole: API Gateway's by the \
                stage's requests, Lambda's GB-seconds and its functions' log lines by the account's, taken as the \
                stage's alone (API Gateway's access log pays the flat price of other logs). The floor is what the \
                data itself needs: each core item, order line, relationship and tag copy written once with the index \
                entries a read uses, and the access patterns' reads. Storage, the fan-out's own reads and free tiers \
                are left out.

                """,
                atScale.summary(),
                bill.requestsPerSecond(),
                bill.prices().region(),
                bill.prices().quoted(),
                bill.prices().region()));

        out.append("### By resource\n\n");
        table(out, "resource", "share of the bill", byCost(bill.resources()), row -> percent(row.shareOf(bill)));
        out.append("\n### By operation\n\n");
        table(
                out,
                "operation",
                "times its floor",
                bill.operations(),
                row -> row.floor() == 0 ? "" : times(row.ratio()));

        CostAssumptions assumed = bill.assumed();
        out.append("\n### Assumptions\n\n");
        out.append(String.format(
                Locale.ROOT,
                "As deployed: the API at %,d MB, the fan-out at %,d MB with batches of %d, the indexer at %,d MB with"
                        + " batches of %d, no batching window, shard counts trusted %d s. Assumed (`CostAssumptions`):"
                        + " an API request keeps its function %.0f ms (DynamoDB's waits included); %,d stream shards"
                        + " polled %d times a second; the fan-out %.0f ms an invocation and %.0f ms a record, the"
                        + " indexer %.0f ms an invocation and %.0f ms a record; log lines of %.0f B a request, %.0f B"
                        + " an access log entry, %.0f B of Lambda's own lines an invocation, %.0f B a batch plus %.0f"
                        + " B per copy or document; %.0f %% of invocations traced; %d custom metrics; %,.0f documents"
                        + " a second per indexing compute unit, at least %d units; every create sent with an"
                        + " Idempotency-Key; every business sends requests every second.%n",
                assumed.apiMemoryMb(),
                assumed.fanoutMemoryMb(),
                assumed.fanoutBatchSize(),
                assumed.indexerMemoryMb(),
                assumed.indexerBatchSize(),
                assumed.shardCountCache().toSeconds(),
                assumed.apiMillisPerRequest(),
                assumed.streamShards(),
                assumed.pollsPerShardSecond(),
                assumed.fanoutMillisPerInvocation(),
                assumed.fanoutMillisPerRecord(),
                assumed.indexerMillisPerInvocation(),
                assumed.indexerMillisPerRecord(),
                assumed.requestLineBytes(),
                assumed.accessLogLineBytes(),
                assumed.platformBytesPerInvocation(),
                assumed.batchLineBytes(),
                assumed.batchLineBytesPerEffect(),
                assumed.tracedFraction() * 100,
                assumed.metricsPerStage(),
                assumed.documentsPerOcuSecond(),
                assumed.minimumOcus()));
        return out.toString();
    }

    /** One row per resource or operation: a month of it, the floor's part, and {@code last}. */
    private static void table(
            StringBuilder out, String what, String lastHeading, List<Bill.Row> rows, Function<Bill.Row, String> last) {
        out.append("| ")
                .append(what)
                .append(" | a month | of it, the floor | ")
                .append(lastHeading)
                .append(" |\n|---|---|---|---|\n");
        for (Bill.Row row : rows) {
            out.append("| ")
                    .append(row.name())
                    .append(" | ")
                    .append(dollars(row.monthly()))
                    .append(" | ")
                    .append(row.floor() == 0 ? "" : dollars(row.floor()))
                    .append(" | ")
                    .append(last.apply(row))
                    .append(" |\n");
        }
    }

    private static String dollars(double amount) {
        return text("$%,.0f", amount);
    }

    /** A template filled in as the report writes numbers everywhere: thousands with commas, whatever the locale. */
    static String text(String template, Object... values) {
        return String.format(Locale.ROOT, template, values);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    private static String times(double ratio) {
        return String.format(Locale.ROOT, "%.2fx", ratio);
    }

    private static List<Bill.Row> byCost(List<Bill.Row> rows) {
        return rows.stream()
                .sorted(Comparator.comparingDouble(Bill.Row::monthly).reversed())
                .toList();
    }
}
