package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CopyAgesTest {
    private static final Instant NOW = Instant.parse("2026-11-25T08:00:00Z");

    @Test
    void ages_shouldBeTheTimeSinceEachCopysChange_withNearestRankPercentiles() {
        // GIVEN 100 copies changed 1 to 100 minutes ago, one from a clock ahead of ours, and one with no change time
        List<Map<String, AttributeValue>> copies = new ArrayList<>();
        for (int minutes = 1; minutes <= 100; minutes++) {
            copies.add(copyChangedAt(NOW.minus(Duration.ofMinutes(minutes))));
        }
        copies.add(copyChangedAt(NOW.plusSeconds(5)));
        copies.add(Map.of(Attributes.SOURCE, AttributeValue.fromS("store#01JD8X3K5Q7Y2M4N6P8R0T2V4W")));

        // WHEN
        CopyAges ages = CopyAges.of(copies, NOW);

        // THEN the copy ahead of the clock counts as new, the one without a time is left out
        assertThat(ages.count()).isEqualTo(101);
        assertThat(ages.p50()).isEqualTo(Duration.ofMinutes(50));
        assertThat(ages.p90()).isEqualTo(Duration.ofMinutes(90));
        assertThat(ages.p99()).isEqualTo(Duration.ofMinutes(99));
        assertThat(ages.max()).isEqualTo(Duration.ofMinutes(100));
        assertThat(ages.toJson())
                .containsEntry("count", 101L)
                .containsEntry("p50Seconds", 3_000L)
                .containsEntry("maxSeconds", 6_000L);
    }

    @Test
    void noCopies_shouldHaveNoAges() {
        // THEN
        assertThat(CopyAges.of(List.of(), NOW)).isEqualTo(CopyAges.NONE);
    }

    private static Map<String, AttributeValue> copyChangedAt(Instant changed) {
        return Map.of(Attributes.UPDATED_AT, Values.instant(changed));
    }
}
