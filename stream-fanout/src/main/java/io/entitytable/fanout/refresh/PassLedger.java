package io.entitytable.fanout.refresh;

import io.entitytable.model.Keys;

/** What a worker tells a subject's refresh job (see {@link RefreshJobs}); a fake in memory tests. */
interface PassLedger {
    boolean isCurrent(Keys.SubjectRef subject, long pass);

    /** False when {@code pass} is no longer the running pass: the worker drops its message. */
    boolean progressed(Keys.SubjectRef subject, long pass, int copies);

    void segmentDone(Keys.SubjectRef subject, long pass, int segment);

    /** A message of {@code pass} came back after its pass ended (see {@link RefreshJobs#stale}). */
    void stale(Keys.SubjectRef subject, long pass);

    void restart(Keys.SubjectRef subject);
}
