package io.entitytable.deployment.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class MetricsOutputTest {

    @Test
    void write_shouldWriteOneLineWithUnitsAndOnlyTheGivenDimensions_whenGivenARecord() {
        // GIVEN
        EmfLines emf = new EmfLines();
        MetricRecord record = MetricRecord.per(MetricNames.COPY_KIND, MetricNames.TAG_COPY)
                .count(MetricNames.COPIES_WRITTEN, 3)
                .milliseconds(MetricNames.COPY_LAG, List.of(120L, 80L, 950L));

        // WHEN
        emf.output("fanout").write(record);

        // THEN
        assertThat(emf.lines()).hasSize(1);
        Map<String, String> dimensions = Map.of(MetricNames.FUNCTION, "fanout", MetricNames.COPY_KIND, "tag");
        EmfLines.Metric written =
                emf.find(MetricNames.COPIES_WRITTEN, dimensions).get(0);
        assertThat(written.namespace()).isEqualTo(MetricNames.NAMESPACE);
        assertThat(written.unit()).isEqualTo("Count");
        assertThat(written.values()).containsExactly(3.0);
        EmfLines.Metric lag = emf.find(MetricNames.COPY_LAG, dimensions).get(0);
        assertThat(lag.unit()).isEqualTo("Milliseconds");
        assertThat(lag.values()).containsExactly(120.0, 80.0, 950.0);
        assertThat(emf.metrics())
                .allSatisfy(metric -> assertThat(metric.dimensions()).isEqualTo(dimensions));
    }

    @Test
    void write_shouldAlsoWriteUnderTheFunctionAlone_whenAskedTo() {
        // GIVEN
        EmfLines emf = new EmfLines();

        // WHEN
        emf.output("indexer")
                .write(MetricRecord.per(MetricNames.ENTITY, "store")
                        .alsoPerFunction()
                        .milliseconds(MetricNames.INDEX_LAG, List.of(40L)));

        // THEN
        assertThat(emf.find(
                        MetricNames.INDEX_LAG, Map.of(MetricNames.FUNCTION, "indexer", MetricNames.ENTITY, "store")))
                .hasSize(1);
        assertThat(emf.find(MetricNames.INDEX_LAG, Map.of(MetricNames.FUNCTION, "indexer")))
                .singleElement()
                .satisfies(metric -> assertThat(metric.values()).containsExactly(40.0));
    }

    @Test
    void write_shouldWriteNothing_whenTheRecordHasNoValue() {
        // GIVEN
        EmfLines emf = new EmfLines();

        // WHEN
        emf.output("api").write(MetricRecord.perFunction().milliseconds(MetricNames.COPY_LAG, List.of()));

        // THEN
        assertThat(emf.lines()).isEmpty();
    }

    @Test
    void write_shouldNotThrow_whenTheLibraryRefusesTheRecord() {
        // GIVEN: a dimension value the library refuses (over 1,024 characters)
        MetricRecord refused = MetricRecord.per(MetricNames.ROUTE, String.join("", Collections.nCopies(2000, "x")))
                .count(MetricNames.REQUESTS, 1);
        EmfLines emf = new EmfLines();

        // WHEN
        emf.output("api").write(refused);

        // THEN
        assertThat(emf.lines()).isEmpty();
    }

    @Test
    void writeAll_shouldNotThrow_whenBuildingTheRecordsFails() {
        // GIVEN
        EmfLines emf = new EmfLines();

        // WHEN
        emf.output("fanout").writeAll(() -> {
            throw new IllegalStateException("a fault while counting");
        });
        emf.output("fanout").writeAll(() -> List.of(MetricRecord.perFunction().count(MetricNames.RETRIES, 2)));

        // THEN: the first wrote nothing, the second its record
        assertThat(emf.lines()).hasSize(1);
        assertThat(emf.sum(MetricNames.RETRIES, Map.of(MetricNames.FUNCTION, "fanout")))
                .isEqualTo(2.0);
    }

    @Test
    void milliseconds_shouldRefuseMoreValuesThanOneLineHolds() {
        // GIVEN
        List<Long> tooMany = LongStream.range(0, MetricNames.MAX_SAMPLES_PER_RECORD + 1)
                .boxed()
                .toList();

        // WHEN / THEN
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> MetricRecord.perFunction().milliseconds(MetricNames.COPY_LAG, tooMany));
    }

    @Test
    void write_shouldWriteNothing_whenNotInAFunction() {
        // GIVEN: tests run without AWS_LAMBDA_FUNCTION_NAME
        assertThat(System.getenv("AWS_LAMBDA_FUNCTION_NAME")).isNull();

        // WHEN / THEN: nothing to see but that it returns; ofThisProcess is the no-op output here
        MetricsOutput.ofThisProcess().write(MetricRecord.perFunction().count(MetricNames.REQUESTS, 1));
    }

    @Test
    void copyKindsAndSearchEntities_shouldFollowTheEntityDefinitions() {
        assertThat(MetricNames.copyKinds()).containsExactly("tag", "store-edge", "customer-edge");
        assertThat(MetricNames.searchEntities()).containsExactly("customer", "store", "order");
    }
}
