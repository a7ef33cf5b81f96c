package io.entitytable.capacity;

import java.util.Map;

/** A small workload: the reference rates with a big store of few customers, so that a report takes a moment. */
final class TestWorkloads {
    private TestWorkloads() {}

    static Workload small() {
        return new Workload(
                "test workload",
                20_000,
                100_000,
                500,
                3,
                2,
                0.2,
                "rush",
                10_000,
                0.05,
                "vip",
                100,
                2_000,
                1_000,
                2,
                10,
                5,
                200,
                1,
                50_000,
                25,
                Map.of("1", 0.2, "4", 0.3, "9", 0.2, "12", 0.3));
    }
}
