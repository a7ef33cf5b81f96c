package io.entitytable.deployment.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SampleTest {

    @Test
    void values_shouldBeEveryValue_whenNoMoreThanOneLineHolds() {
        // GIVEN
        Sample sample = new Sample();

        // WHEN
        LongStream.rangeClosed(1, 3).forEach(sample::add);

        // THEN
        assertThat(sample.values()).containsExactly(1L, 2L, 3L);
    }

    @Test
    void values_shouldBeAtMostOneLinesWorthOfValuesAdded_whenMoreAreAdded() {
        // GIVEN
        Sample sample = new Sample();

        // WHEN
        LongStream.rangeClosed(1, 10_000).forEach(sample::add);

        // THEN
        assertThat(sample.values())
                .hasSize(MetricNames.MAX_SAMPLES_PER_MINUTE)
                .doesNotHaveDuplicates()
                .allSatisfy(value -> assertThat(value).isBetween(1L, 10_000L));
        // a uniform sample of 1..10,000 holds values past the first 100 (all of the first 100: chance ~1e-200)
        assertThat(sample.values()).anySatisfy(value -> assertThat(value).isGreaterThan(100L));
    }
}
