package io.entitytable.api.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How an instance sizes its next lease from the requests it saw, and which write it tries first. */
class RateLeaseTest {
    private static final int LIMIT = 50;
    private static final long SECOND = 1_000_000;

    @Test
    void anInstanceSeeingTheBusinessRarely_shouldLeaseOneTokenAtATime() {
        RateLease lease = new RateLease();
        lease.saw(10 * SECOND);

        assertThat(lease.nextLeaseSize(LIMIT)).isEqualTo(1);
    }

    @Test
    void anInstanceSeeingLessThanTheLimit_shouldLeaseASecondOfWhatItSaw() {
        RateLease lease = sawPerSecond(30);

        assertThat(lease.nextLeaseSize(LIMIT)).isEqualTo(30);
    }

    @Test
    void anInstanceSeeingMoreThanTheLimit_shouldLeaseWhatItCanSpendBeforeItsTokensGoStale() {
        // 60 a second against 50 tokens a second: 60 / (2 - 1.2) = 75 tokens, usable over 1.5 s and spendable for 1 s
        // more, in which it sees 150 requests
        RateLease lease = sawPerSecond(60);

        assertThat(lease.nextLeaseSize(LIMIT)).isEqualTo(75);
    }

    @Test
    void anInstanceSeeingTwiceTheLimitOrMore_shouldLeaseAtMostThreeSecondsOfIt() {
        RateLease lease = sawPerSecond(400);

        assertThat(lease.nextLeaseSize(LIMIT)).isEqualTo(RateLease.MOST_SECONDS_A_LEASE * LIMIT);
    }

    @Test
    void demand_shouldBeJudgedOverTheLastTwoWholeSeconds() {
        // 60 in one second and none in the next: 30 a second
        RateLease lease = new RateLease();
        for (int i = 0; i < 60; i++) {
            lease.saw(5 * SECOND + i * 10_000);
        }
        lease.saw(7 * SECOND);

        assertThat(lease.nextLeaseSize(LIMIT)).isEqualTo(30);
    }

    @Test
    void aLeaseThatFoundTheItemQueued_shouldTryExtendingFirstNextTime_evenOnceItsOwnTokensAreBehindIt() {
        RateLease lease = new RateLease();
        long now = 20 * SECOND;
        assertThat(lease.expectsQueued(now)).isFalse();

        lease.took(new RateItem.Lease(Optional.empty(), now, now + 5 * SECOND, true));

        assertThat(lease.expectsQueued(now + 10 * SECOND)).isTrue();
    }

    @Test
    void aLeaseThatFoundTheBucketFull_shouldTryStartingFirstNextTime() {
        RateLease lease = new RateLease();
        long now = 20 * SECOND;

        lease.took(new RateItem.Lease(
                Optional.of(new TokenGrant(now - SECOND, 20_000, 1, now)), now, now + 20_000, false));

        assertThat(lease.expectsQueued(now + 10_000)).isTrue();
        assertThat(lease.expectsQueued(now + SECOND)).isFalse();
    }

    /** A lease whose instance saw {@code perSecond} requests in each of the last two whole seconds. */
    private static RateLease sawPerSecond(int perSecond) {
        RateLease lease = new RateLease();
        for (long second = 1; second <= 2; second++) {
            for (int i = 0; i < perSecond; i++) {
                lease.saw(second * SECOND + i * (SECOND / perSecond));
            }
        }
        lease.saw(3 * SECOND);
        return lease;
    }
}
