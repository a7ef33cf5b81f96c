package io.entitytable.fanout.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CopyPacerTest {
    /** A clock that only moves when the pacer sleeps, so each wait is exactly what the pacer asked for. */
    private long now = TimeUnit.HOURS.toNanos(1);

    private final List<Long> sleeps = new ArrayList<>();

    private CopyPacer pacer(int perSecond, int burst) {
        return new CopyPacer(perSecond, burst, () -> now, nanos -> {
            sleeps.add(nanos);
            now += nanos;
        });
    }

    @Test
    void acquire_shouldLetTheBurstThrough_thenHoldTheRate() {
        // GIVEN 800 a second after a burst of 100
        CopyPacer pacer = pacer(800, 100);

        // WHEN 100 + 800 copies are written with no time passing between them but the pacer's waits
        long start = now;
        for (int i = 0; i < 900; i++) {
            pacer.acquire();
        }

        // THEN the first 100 never waited and the next 800 took one second, 1.25 ms apart
        assertThat(sleeps).hasSize(800).allMatch(nanos -> nanos == 1_250_000L);
        assertThat(now - start).isEqualTo(TimeUnit.SECONDS.toNanos(1));
    }

    @Test
    void acquire_shouldRefillTheBucket_whileNothingIsWritten() {
        // GIVEN a pacer whose burst was used up
        CopyPacer pacer = pacer(800, 100);
        for (int i = 0; i < 100; i++) {
            pacer.acquire();
        }
        assertThat(sleeps).isEmpty();

        // WHEN a quiet second passes (more than the 125 ms the burst needs to refill) and 100 more come at once
        now += TimeUnit.SECONDS.toNanos(1);
        for (int i = 0; i < 100; i++) {
            pacer.acquire();
        }

        // THEN none of them waits, and the 101st does
        assertThat(sleeps).isEmpty();
        pacer.acquire();
        assertThat(sleeps).containsExactly(1_250_000L);
    }
}
