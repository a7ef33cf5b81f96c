package io.entitytable.deployment.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Entity;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class MetricsRecorderTest {

    @Test
    void flush_shouldWriteOneLinePerGroupOfDimensions_withSumsSamplesAndUnits() {
        // GIVEN three batches' worth of one kind of copy
        EmfLines emf = new EmfLines();
        MetricsRecorder recorder = emf.recorder("fanout");
        Dimensions tags = Dimensions.of(MetricNames.COPY_KIND, MetricNames.TAG_COPY);

        // WHEN
        recorder.count(tags, MetricNames.COPIES_WRITTEN, 2);
        recorder.count(tags, MetricNames.COPIES_WRITTEN, 1);
        recorder.milliseconds(tags, MetricNames.COPY_LAG, 120);
        recorder.milliseconds(tags, MetricNames.COPY_LAG, 950);
        recorder.milliseconds(tags, MetricNames.COPY_LAG, -5);

        // THEN one line, the count summed, every lag (a negative one as 0), and only the given dimensions
        assertThat(emf.lines()).hasSize(1);
        Map<String, String> dimensions = Map.of(MetricNames.FUNCTION, "fanout", MetricNames.COPY_KIND, "tag");
        EmfLines.Metric written =
                emf.find(MetricNames.COPIES_WRITTEN, dimensions).get(0);
        assertThat(written.namespace()).isEqualTo(MetricNames.NAMESPACE);
        assertThat(written.unit()).isEqualTo("Count");
        assertThat(written.values()).containsExactly(3.0);
        EmfLines.Metric lag = emf.find(MetricNames.COPY_LAG, dimensions).get(0);
        assertThat(lag.unit()).isEqualTo("Milliseconds");
        assertThat(lag.values()).containsExactlyInAnyOrder(120.0, 950.0, 0.0);
        assertThat(emf.metrics())
                .allSatisfy(metric -> assertThat(metric.dimensions()).isEqualTo(dimensions));
    }

    @Test
    void flush_shouldAlsoWriteTheValuesUnderTheCoarserGroups_whenAskedTo() {
        // GIVEN
        EmfLines emf = new EmfLines();
        Dimensions request = Dimensions.of(MetricNames.ROUTE, "getStore")
                .and(MetricNames.STATUS_CLASS, "2xx")
                .alsoPer(MetricNames.STATUS_CLASS);

        // WHEN
        emf.recorder("api").count(request, MetricNames.REQUESTS, 1);

        // THEN
        assertThat(emf.sum(
                        MetricNames.REQUESTS,
                        Map.of(
                                MetricNames.FUNCTION,
                                "api",
                                MetricNames.ROUTE,
                                "getStore",
                                MetricNames.STATUS_CLASS,
                                "2xx")))
                .isEqualTo(1);
        assertThat(emf.sum(MetricNames.REQUESTS, Map.of(MetricNames.FUNCTION, "api", MetricNames.STATUS_CLASS, "2xx")))
                .isEqualTo(1);
    }

    @Test
    void flush_shouldWriteAUniformSampleOfOneLinesWorth_whenAMinuteHasMoreValues() {
        // GIVEN
        EmfLines emf = new EmfLines();
        MetricsRecorder recorder = emf.recorder("refresh");

        // WHEN
        LongStream.rangeClosed(1, 5_000)
                .forEach(lag -> recorder.milliseconds(Dimensions.function(), MetricNames.COPY_LAG, lag));

        // THEN
        assertThat(emf.lines()).hasSize(1);
        assertThat(emf.find(MetricNames.COPY_LAG, Map.of(MetricNames.FUNCTION, "refresh")))
                .singleElement()
                .satisfies(metric -> assertThat(metric.values()).hasSize(MetricNames.MAX_SAMPLES_PER_MINUTE));
    }

    @Test
    void record_shouldNotThrow_andTheLineBeDropped_whenTheLibraryRefusesIt() {
        // GIVEN a dimension value the library refuses (over 1,024 characters)
        EmfLines emf = new EmfLines();
        Dimensions refused = Dimensions.of(MetricNames.ROUTE, String.join("", Collections.nCopies(2000, "x")));

        // WHEN
        emf.recorder("api").count(refused, MetricNames.REQUESTS, 1);

        // THEN
        assertThat(emf.lines()).isEmpty();
    }

    @Test
    void flushIfDue_shouldWriteTheMinuteOnce_itIsOver_stampedWithThatMinute() {
        // GIVEN a request counted at hh:mm:30 of a minute a few minutes ago (the library refuses stamps 2 hours ahead)
        Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(5, ChronoUnit.MINUTES);
        List<String> lines = new ArrayList<>();
        Instant[] now = {minute.plusSeconds(30)};
        MetricsRecorder recorder = MetricsRecorder.toLines("api", lines::add, () -> now[0]);
        recorder.count(Dimensions.function(), MetricNames.REQUESTS_THROTTLED, 1);

        // WHEN the minute lasts
        now[0] = minute.plusSeconds(59);
        recorder.flushIfDue();

        // THEN nothing is written yet
        assertThat(lines).isEmpty();

        // WHEN the next minute has begun
        now[0] = minute.plusSeconds(62);
        recorder.flushIfDue();

        // THEN the minute's line, stamped with that minute
        assertThat(lines).singleElement().satisfies(line -> assertThat(line)
                .contains("\"Timestamp\":" + minute.toEpochMilli()));
    }

    @Test
    void discard_shouldDropWhatTheMinuteHolds_andKeepRecording() {
        // GIVEN
        EmfLines emf = new EmfLines();
        MetricsRecorder recorder = emf.recorder("api");
        recorder.count(Dimensions.function(), MetricNames.REQUESTS_THROTTLED, 5);

        // WHEN
        recorder.discard();
        recorder.count(Dimensions.function(), MetricNames.REQUESTS_THROTTLED, 1);

        // THEN
        assertThat(emf.sum(MetricNames.REQUESTS_THROTTLED, Map.of(MetricNames.FUNCTION, "api")))
                .isEqualTo(1);
    }

    @Test
    void none_shouldRecordNothing_whenNotInAFunction() {
        // GIVEN tests run without AWS_LAMBDA_FUNCTION_NAME
        assertThat(System.getenv("AWS_LAMBDA_FUNCTION_NAME")).isNull();

        // WHEN / THEN the recorder of this process is the one that records nothing: it returns and holds nothing
        MetricsRecorder recorder = MetricsRecorder.ofThisProcess();
        recorder.count(Dimensions.function(), MetricNames.REQUESTS, 1);
        recorder.flush();
    }

    @Test
    void copyKindsAndSearchEntities_shouldFollowTheEntityDefinitions() {
        // The shipped domain's, and those of any entity a team declares beside them.
        List<String> searchable =
                Entity.searchable().stream().map(Entity::keyName).toList();
        assertThat(MetricNames.copyKinds()).containsSubsequence("tag", "store-edge", "customer-edge");
        assertThat(MetricNames.searchEntities())
                .containsSubsequence("customer", "store", "order")
                .containsExactlyInAnyOrderElementsOf(searchable);
    }
}
