package io.entitytable.local.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.pump.InvocationResult;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /metrics} on the front door, fed as the local system feeds it: the metric lines the functions' own
 * recorder writes, a stream consumer's batches through its watch, the queue's depth. No function runs.
 */
class LocalMetricsEndpointTest {
    private static final String FANOUT = "stream-fanout";
    private static final Instant NOW = Instant.parse("2026-11-25T08:00:00Z");

    @TempDir
    static Path dataFolder;

    private static LocalIssuer issuer;
    private static LocalMetrics metrics;
    private static RuntimeApiServer frontDoor;
    private static MetricsRecorder fanoutRecorder;
    private static StreamConsumerWatch fanoutStream;
    private static final AtomicInteger queued = new AtomicInteger();

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void startFrontDoor() {
        issuer = LocalIssuer.inFolder(dataFolder);
        metrics = new LocalMetrics();
        frontDoor = RuntimeApiServer.httpFrontDoor(
                InetAddress.getLoopbackAddress(),
                0,
                LocalOptions.defaults(RepositoryRoot.find()).openApiDocument(),
                issuer,
                Duration.ofSeconds(10),
                metrics,
                null);
        fanoutRecorder =
                MetricsRecorder.toLines(FANOUT, line -> metrics.functionLines().accept(FANOUT, line));
        fanoutStream = new StreamConsumerWatch(
                FANOUT, event -> InvocationResult.success("{}"), Clock.fixed(NOW, ZoneOffset.UTC));
        fanoutStream.caughtUpFrom(() -> true);
        metrics.watch(fanoutStream);
        metrics.queueDepthsFrom(() -> Map.of("entity-table-refresh", queued.get()));
    }

    @AfterAll
    static void stopFrontDoor() {
        frontDoor.close();
    }

    @Test
    void anOperator_shouldReadEveryFigure_andSeeThemMoveAfterWork() throws Exception {
        // GIVEN a minute of the fan-out's copies, written by its recorder, and a batch of records 3 s old
        Dimensions tag = Dimensions.of(MetricNames.COPY_KIND, MetricNames.TAG_COPY);
        for (long lag : List.of(100L, 200L, 300L, 400L, 2_000L)) {
            fanoutRecorder.count(tag, MetricNames.COPIES_WRITTEN, 1);
            fanoutRecorder.milliseconds(tag, MetricNames.COPY_LAG, lag);
        }
        fanoutRecorder.flush();
        fanoutStream.invoke(batchCreatedAt(NOW.minusSeconds(5), NOW.minusSeconds(3)));
        queued.set(2);

        // WHEN an operator scrapes
        HttpResponse<String> first = scrape(issuer.operatorToken());

        // THEN the text format, with the copies, the lag's quantiles in seconds, the backlog and the queue
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("content-type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        String body = first.body();
        assertThat(body).contains("# TYPE entitytable_copy_lag_seconds summary");
        assertThat(value(body, "entitytable_copies_written_total{copy_kind=\"tag\",function=\"stream-fanout\"}"))
                .isEqualTo(5.0);
        assertThat(value(
                        body,
                        "entitytable_copy_lag_seconds{copy_kind=\"tag\",function=\"stream-fanout\",quantile=\"0.5\"}"))
                .isEqualTo(0.3);
        assertThat(value(
                        body,
                        "entitytable_copy_lag_seconds{copy_kind=\"tag\",function=\"stream-fanout\",quantile=\"0.99\"}"))
                .isEqualTo(2.0);
        assertThat(value(body, "entitytable_stream_iterator_age_seconds{consumer=\"stream-fanout\"}"))
                .isEqualTo(3.0);
        assertThat(value(body, "entitytable_stream_caught_up{consumer=\"stream-fanout\"}"))
                .isEqualTo(1.0);
        assertThat(value(body, "entitytable_stream_batches_total{consumer=\"stream-fanout\"}"))
                .isEqualTo(1.0);
        assertThat(value(body, "entitytable_queue_messages{queue=\"entity-table-refresh\"}"))
                .isEqualTo(2.0);

        // AND the console's view of the same figures: the lag's quantiles in ms, the consumer, the queue
        LocalMetrics.Summary summary = metrics.summary();
        assertThat(summary.distributions()).singleElement().satisfies(lag -> {
            assertThat(lag.metric()).isEqualTo(MetricNames.COPY_LAG);
            assertThat(lag.function()).isEqualTo(FANOUT);
            assertThat(lag.count()).isEqualTo(5);
            assertThat(lag.p50()).isEqualTo(300.0);
            assertThat(lag.p99()).isEqualTo(2000.0);
        });
        assertThat(summary.counts()).containsEntry(MetricNames.COPIES_WRITTEN, 5.0);
        assertThat(summary.consumers()).singleElement().satisfies(consumer -> {
            assertThat(consumer.iteratorAgeSeconds()).isEqualTo(3.0);
            assertThat(consumer.caughtUp()).isTrue();
        });
        assertThat(summary.queues()).containsEntry("entity-table-refresh", 2);

        // AND after another minute's copies and batch, the counts move
        fanoutRecorder.count(tag, MetricNames.COPIES_WRITTEN, 7);
        fanoutRecorder.milliseconds(tag, MetricNames.COPY_LAG, 50);
        fanoutRecorder.flush();
        fanoutStream.invoke(batchCreatedAt(NOW));
        String second = scrape(issuer.operatorToken()).body();
        assertThat(value(second, "entitytable_copies_written_total{copy_kind=\"tag\",function=\"stream-fanout\"}"))
                .isEqualTo(12.0);
        assertThat(value(second, "entitytable_copy_lag_seconds_count{copy_kind=\"tag\",function=\"stream-fanout\"}"))
                .isEqualTo(6.0);
        assertThat(value(second, "entitytable_stream_iterator_age_seconds{consumer=\"stream-fanout\"}"))
                .isEqualTo(0.0);
        assertThat(value(second, "entitytable_stream_batches_total{consumer=\"stream-fanout\"}"))
                .isEqualTo(2.0);
    }

    @Test
    void aMember_shouldBeRefused_withAProblem() throws Exception {
        // WHEN a member of a business scrapes
        HttpResponse<String> response = scrape(issuer.businessToken(List.of("01JD8X3K5Q7Y2M4N6P8R0T2V4W")));

        // THEN 403, and no figure
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).doesNotContain("entitytable_");
    }

    @Test
    void noToken_shouldBeRefusedByTheAuthorizer() throws Exception {
        // WHEN nobody signed in scrapes
        HttpResponse<String> response =
                http.send(HttpRequest.newBuilder(metricsUri()).GET().build(), HttpResponse.BodyHandlers.ofString());

        // THEN the authorizer's 401
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).doesNotContain("entitytable_");
    }

    @Test
    void aLineThatIsNotAMetric_shouldBePassedOver() {
        // GIVEN a reader of lines
        FunctionMetricLines lines = new FunctionMetricLines();

        // WHEN a function prints log lines, one of them only starting like a metric line
        lines.accept(FANOUT, "2026-11-25 08:00:00 INFO started");
        lines.accept(FANOUT, "{\"_aws\": broken");

        // THEN nothing is counted
        assertThat(lines.counts()).isEmpty();
        assertThat(lines.distributions()).isEmpty();
    }

    private HttpResponse<String> scrape(String token) throws Exception {
        return http.send(
                HttpRequest.newBuilder(metricsUri())
                        .header("Authorization", "Bearer " + token)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static URI metricsUri() {
        return URI.create("http://127.0.0.1:" + frontDoor.port() + LocalMetrics.PATH);
    }

    /** A Lambda stream event's records, with only what the watch reads. */
    private static String batchCreatedAt(Instant... created) {
        StringBuilder event = new StringBuilder("{\"Records\":[");
        for (int i = 0; i < created.length; i++) {
            event.append(i == 0 ? "" : ",")
                    .append("{\"dynamodb\":{\"ApproximateCreationDateTime\":")
                    .append(created[i].getEpochSecond())
                    .append("}}");
        }
        return event.append("]}").toString();
    }

    /** The value of one sample line of the text format. */
    private static double value(String body, String sample) {
        Matcher matcher =
                Pattern.compile("(?m)^" + Pattern.quote(sample) + " (\\S+)$").matcher(body);
        assertThat(matcher.find()).as("%s in%n%s", sample, body).isTrue();
        return Double.parseDouble(matcher.group(1));
    }
}
