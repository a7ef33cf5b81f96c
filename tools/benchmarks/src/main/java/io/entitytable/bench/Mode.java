package io.entitytable.bench;

/**
 * Iteration counts of one run: {@code --quick} keeps a run under about two minutes on a shared 2-core machine (its
 * search part seeds a tenth of the documents, and its reindex a tenth of the core items).
 */
record Mode(
        String name,
        int readWarmup,
        int readIterations,
        int[] fanoutCopies,
        int fanoutRounds,
        int startupRepeats,
        int lagOperations,
        int hopIterations,
        int searchBusinesses,
        int searchDocuments,
        int searchThroughStream,
        int searchWarmup,
        int searchQueries,
        int searchLagOperations,
        int copyLagRounds,
        int copyLagPerPhase,
        int reindexBusinesses,
        int reindexCoreItems,
        int[] reindexSegments,
        int freshnessSamples,
        int archiveReads) {

    static final Mode QUICK = new Mode(
            "quick",
            10,
            50,
            new int[] {10, 100, 1000},
            3,
            2,
            8,
            100,
            100,
            10_000,
            2_000,
            40,
            200,
            10,
            2,
            3,
            100,
            10_000,
            new int[] {1, 4},
            20,
            100);
    static final Mode FULL = new Mode(
            "full",
            100,
            400,
            new int[] {10, 100, 1000, 5000},
            5,
            3,
            50,
            400,
            1_000,
            100_000,
            5_000,
            100,
            400,
            30,
            4,
            5,
            1_000,
            100_000,
            new int[] {1, 4, 8},
            100,
            200);
}
