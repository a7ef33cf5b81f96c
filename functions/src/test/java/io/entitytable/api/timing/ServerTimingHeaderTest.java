package io.entitytable.api.timing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerTimingHeaderTest {

    @Test
    void format_shouldWriteAppAndDbInMilliseconds_withTheRequestCount() {
        // GIVEN 4.2134 ms in the function, 3.1036 ms waiting on two calls
        RequestTiming.Snapshot snapshot = new RequestTiming.Snapshot(4_213_400, 3_103_600, 2, false, 0, 0, 0, 0);

        // WHEN
        String header = ServerTimingHeader.format(snapshot);

        // THEN (rounded to the nearest microsecond)
        assertThat(header).isEqualTo("app;dur=4.213, db;dur=3.104;count=2;desc=\"2 requests\"");
    }

    @Test
    void format_shouldAddCapacity_whenDynamoDbReportedIt() {
        // GIVEN
        RequestTiming.Snapshot snapshot = new RequestTiming.Snapshot(12_000_000, 9_000, 1, true, 1.5, 0, 0, 0);

        // WHEN
        String header = ServerTimingHeader.format(snapshot);

        // THEN
        assertThat(header).isEqualTo("app;dur=12.000, db;dur=0.009;count=1;rcu=1.5;wcu=0;desc=\"1 request\"");
    }

    @Test
    void format_shouldAddTheSearchEngine_whenTheRequestCalledIt() {
        // GIVEN 6.02 ms in the function, 5.3104 ms of them in one call to the search engine, no DynamoDB call
        RequestTiming.Snapshot snapshot = new RequestTiming.Snapshot(6_020_000, 0, 0, false, 0, 0, 5_310_400, 1);

        // WHEN
        String header = ServerTimingHeader.format(snapshot);

        // THEN
        assertThat(header)
                .isEqualTo("app;dur=6.020, db;dur=0.000;count=0;desc=\"0 requests\", search;dur=5.310;count=1");
        assertThat(snapshot.appNanos() - snapshot.dbNanos() - snapshot.searchNanos())
                .isEqualTo(709_600);
    }

    @Test
    void millis_shouldPadTheFraction_andNeverGoNegative() {
        // GIVEN
        StringBuilder small = new StringBuilder();
        StringBuilder exact = new StringBuilder();
        StringBuilder negative = new StringBuilder();

        // WHEN
        ServerTimingHeader.millis(small, 1_049_499);
        ServerTimingHeader.millis(exact, 250_000_000);
        ServerTimingHeader.millis(negative, -5);

        // THEN
        assertThat(small).hasToString("1.049");
        assertThat(exact).hasToString("250.000");
        assertThat(negative).hasToString("0.000");
    }
}
