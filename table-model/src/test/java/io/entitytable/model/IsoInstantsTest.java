package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IsoInstantsTest {

    @Test
    void parse_shouldEqualInstantParse_forWhatInstantToStringWrites_atEveryPrecision() {
        // GIVEN 20,000 random instants between 1970 and 2200, truncated to seconds, millis, micros or kept in nanos
        Random random = new Random(7);
        List<ChronoUnit> precisions =
                List.of(ChronoUnit.SECONDS, ChronoUnit.MILLIS, ChronoUnit.MICROS, ChronoUnit.NANOS);
        for (int i = 0; i < 20_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(7_258_118_400L), random.nextInt(1_000_000_000))
                    .truncatedTo(precisions.get(i % precisions.size()));
            String text = instant.toString();

            // WHEN / THEN
            assertThat(IsoInstants.parse(text))
                    .as(text)
                    .isEqualTo(Instant.parse(text))
                    .isEqualTo(instant);
        }
    }

    @Test
    void parse_shouldAnswerAsInstantParseDoes_forOtherShapesAndValuesOutOfRange() {
        for (String text : List.of(
                "2024-02-29T23:59:59Z",
                "2026-11-22T07:34:20.5Z",
                "2016-12-31T23:59:60Z",
                "+12026-01-01T00:00:00Z",
                "2026-11-22T24:00:00Z",
                "2026-11-22T07:34:20.Z",
                "2026-11-22T07:34:20+01:00",
                "2026-02-30T00:00:00Z",
                "2026-13-01T00:00:00Z",
                "2026-11-22T07:34:2xZ",
                "2026-11-22 07:34:20Z",
                "2026-11-22T07:34:20.1234567890Z")) {
            Instant expected;
            try {
                expected = Instant.parse(text);
            } catch (DateTimeParseException refused) {
                assertThatThrownBy(() -> IsoInstants.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
                continue;
            }
            assertThat(IsoInstants.parse(text)).as(text).isEqualTo(expected);
        }
    }

    @Test
    void format_shouldEqualInstantToString_atEveryPrecision_andAcrossEveryYearRange() {
        // GIVEN 40,000 random instants from year -1000 to 12000 (the fast path covers 0-9999), at every precision
        Random random = new Random(11);
        List<ChronoUnit> precisions =
                List.of(ChronoUnit.SECONDS, ChronoUnit.MILLIS, ChronoUnit.MICROS, ChronoUnit.NANOS);
        long from = Instant.parse("-1000-01-01T00:00:00Z").getEpochSecond();
        long to = Instant.parse("+12000-01-01T00:00:00Z").getEpochSecond();
        for (int i = 0; i < 40_000; i++) {
            Instant instant = Instant.ofEpochSecond(from + random.nextLong(to - from), random.nextInt(1_000_000_000))
                    .truncatedTo(precisions.get(i % precisions.size()));

            // WHEN / THEN
            assertThat(IsoInstants.format(instant)).isEqualTo(instant.toString());
        }
    }

    @Test
    void format_shouldEqualInstantToString_atTheEdges() {
        for (Instant instant : List.of(
                Instant.EPOCH,
                Instant.EPOCH.minusNanos(1),
                Instant.parse("0000-01-01T00:00:00Z"),
                Instant.parse("9999-12-31T23:59:59.999999999Z"),
                Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("2024-02-29T12:00:00.100Z"),
                Instant.parse("2026-11-22T07:34:20.000001Z"),
                Instant.parse("2026-11-22T07:34:20.010Z"),
                Instant.MIN,
                Instant.MAX)) {
            assertThat(IsoInstants.format(instant)).isEqualTo(instant.toString());
        }
    }

    @Test
    void formatMillis_shouldEqualTheMillisFormatter_acrossEveryYearRange_andAtTheEdges() {
        // GIVEN 40,000 random instants from year -1000 to 12000 (the fast path covers 1-9999), and the edges
        Random random = new Random(13);
        long from = Instant.parse("-1000-01-01T00:00:00Z").getEpochSecond();
        long to = Instant.parse("+12000-01-01T00:00:00Z").getEpochSecond();
        List<Instant> instants = new java.util.ArrayList<>(List.of(
                Instant.EPOCH,
                Instant.EPOCH.minusNanos(1),
                Instant.parse("0000-12-31T23:59:59.999Z"),
                Instant.parse("0001-01-01T00:00:00Z"),
                Instant.parse("9999-12-31T23:59:59.999999999Z"),
                Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("2286-11-20T17:46:39.999Z"),
                Instant.parse("2026-11-22T07:34:20.000999Z")));
        for (int i = 0; i < 40_000; i++) {
            instants.add(Instant.ofEpochSecond(from + random.nextLong(to - from), random.nextInt(1_000_000_000)));
        }

        for (Instant instant : instants) {
            // WHEN / THEN
            assertThat(IsoInstants.formatMillis(instant))
                    .as(instant.toString())
                    .isEqualTo(IsoInstants.MILLIS.format(instant));
        }
    }
}
