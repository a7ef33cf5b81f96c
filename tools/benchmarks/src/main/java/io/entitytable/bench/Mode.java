package io.entitytable.bench;

/** Iteration counts of one run: {@code --quick} keeps a run under about two minutes on a shared 2-core machine. */
record Mode(
        String name,
        int readWarmup,
        int readIterations,
        int[] fanoutCopies,
        int fanoutRounds,
        int startupRepeats,
        int lagOperations,
        int hopIterations) {

    static final Mode QUICK = new Mode("quick", 10, 50, new int[] {10, 100, 1000}, 3, 2, 8, 100);
    static final Mode FULL = new Mode("full", 100, 400, new int[] {10, 100, 1000, 5000}, 5, 3, 50, 400);
}
