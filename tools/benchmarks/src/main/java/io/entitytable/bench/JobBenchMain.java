package io.entitytable.bench;

import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.logs.LocalLogging;
import io.entitytable.model.CopyPace;
import io.entitytable.model.RefreshJob;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code java -cp tools/benchmarks/target/benchmarks.jar io.entitytable.bench.JobBenchMain [--large] [--k 1001,10000]
 * [--no-warmup] [--out jobs.md]}: refresh jobs against k (see {@link JobBench}), one fresh local DynamoDB engine and local SQS
 * per k, in this JVM, after one unmeasured warm-up run. {@code --large} adds k = 100,000 (its seeding alone takes
 * minutes). Prints the Markdown report on stdout, progress on stderr.
 */
public final class JobBenchMain {
    /** The smallest store with a job: at {@link RefreshJob#INLINE_COPIES} copies the record still refreshes inline. */
    private static final int SMALLEST = RefreshJob.INLINE_COPIES + 1;

    private static final int[] DEFAULT_COPIES = {SMALLEST, 10_000};
    private static final int LARGE = 100_000;

    private JobBenchMain() {}

    public static void main(String[] args) throws IOException {
        LocalLogging.install();
        int[] copies = DEFAULT_COPIES;
        Path out = null;
        boolean warmup = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--k" -> copies = Arrays.stream(args[++i].split(","))
                        .mapToInt(k -> Integer.parseInt(k.trim()))
                        .toArray();
                case "--large" -> copies = append(copies, LARGE);
                case "--no-warmup" -> warmup = false;
                case "--out" -> out = Path.of(args[++i]);
                default -> {
                    System.err.println(
                            "usage: java -cp tools/benchmarks/target/benchmarks.jar"
                                    + " io.entitytable.bench.JobBenchMain [--large] [--k 1001,10000] [--no-warmup] [--out jobs.md]");
                    System.exit(2);
                }
            }
        }
        // Whatever the engines print goes to stderr: stdout is reserved for the report.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        long begin = System.nanoTime();
        if (warmup) {
            // Unmeasured: the first pass in a cold JVM runs several times slower than the next (class loading, JIT).
            System.err.println("[jobs] warm-up, k=" + SMALLEST);
            JobBench.run(SMALLEST);
        }
        List<JobBench.Result> results = new ArrayList<>();
        for (int k : copies) {
            results.add(JobBench.run(k));
        }
        String report = render(results, (System.nanoTime() - begin) / 1e9);
        stdout.println(report);
        stdout.flush();
        if (out != null) {
            Files.writeString(out, report, StandardCharsets.UTF_8);
        }
        System.exit(0);
    }

    private static int[] append(int[] copies, int k) {
        int[] more = Arrays.copyOf(copies, copies.length + 1);
        more[copies.length] = k;
        return more;
    }

    static String render(List<JobBench.Result> results, double seconds) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "### Refresh jobs against k%n%n- run: %s, took %.0f s; %d CPUs (`nproc`), load average at the end %s"
                        + "- JVM: %s %s; " + LocalDynamoDb.engineName()
                        + " in-process (in memory, a fresh one per k, table without a"
                        + " stream); the refresh queue on ElasticMQ in-process (a fresh one per k) with the deployed"
                        + " trigger (batch %d, %d concurrent invocations), the local `QueuePump`; the worker in this JVM"
                        + " (one `RefreshWork` per pump thread, %d s per invocation)%n%n",
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                seconds,
                Runtime.getRuntime().availableProcessors(),
                loadAverage(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"),
                RefreshQueueTrigger.DEFAULT.batchSize(),
                RefreshQueueTrigger.DEFAULT.maxConcurrency(),
                60));
        out.append("Times: *record* = `StreamFanout.process` of the rename's MODIFY (it asks for the pass and returns);"
                + " *pass* = from the record's return to the job item's `done` (polled every 10 ms, strongly"
                + " consistent); *raw* = k conditional PutItems of the same copies from 16 threads. Each copy of a"
                + " random sample of 200 was read back at the new version after each step. One run per k, in the order"
                + " paced pass, lifted pass, raw.\n\n");
        out.append("| k | segments | record ms (paced / lifted run) | record puts, index pages | pass at pace s |"
                + " expected k/" + CopyPace.COPIES_PER_SECOND + " s | copies/s at pace | pass lifted s | copies/s"
                + " lifted | raw s | copies/s raw | raw/lifted | invocations (paced / lifted) |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (JobBench.Result r : results) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %,d | %d | %.1f / %.1f | %d, %d | %.1f | %.1f | %.0f | %.1f | %.0f | %.1f | %.0f | %.2fx | %d / %d |%n",
                    r.copies(),
                    r.segments(),
                    r.paced().recordMs(),
                    r.lifted().recordMs(),
                    r.paced().recordPuts() + r.lifted().recordPuts(),
                    r.paced().recordIndexPages() + r.lifted().recordIndexPages(),
                    r.paced().passMs() / 1000,
                    (double) r.copies() / CopyPace.COPIES_PER_SECOND,
                    r.paced().copiesPerSecondMeasured(r.copies()),
                    r.lifted().passMs() / 1000,
                    r.lifted().copiesPerSecondMeasured(r.copies()),
                    r.rawMs() / 1000,
                    r.copies() / (r.rawMs() / 1000),
                    r.rawMs() / r.lifted().passMs(),
                    r.paced().invocations(),
                    r.lifted().invocations()));
        }
        JobBench.Result first = results.get(0);
        out.append("\nLinearity: time per copy (µs), and in brackets relative to k = ")
                .append(String.format(Locale.ROOT, "%,d", first.copies()))
                .append(
                        "'s.\n\n| k | pass at pace | pass lifted | raw | worker puts / k (paced, lifted) | seeding s |\n")
                .append("|---|---|---|---|---|---|\n");
        for (JobBench.Result r : results) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %,d | %s | %s | %s | %.3f, %.3f | %.1f |%n",
                    r.copies(),
                    perCopy(r.paced().passMs(), r.copies(), first.paced().passMs(), first.copies()),
                    perCopy(r.lifted().passMs(), r.copies(), first.lifted().passMs(), first.copies()),
                    perCopy(r.rawMs(), r.copies(), first.rawMs(), first.copies()),
                    (double) r.paced().workerPuts() / r.copies(),
                    (double) r.lifted().workerPuts() / r.copies(),
                    r.seedSeconds()));
        }
        return out.toString();
    }

    private static String perCopy(double ms, int copies, double firstMs, int firstCopies) {
        double micros = ms * 1000 / copies;
        double firstMicros = firstMs * 1000 / firstCopies;
        return String.format(Locale.ROOT, "%.0f (%.2fx)", micros, micros / firstMicros);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim() + "\n";
        } catch (IOException e) {
            return "unknown\n";
        }
    }
}
