package io.entitytable.api.table;

import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import java.time.Instant;
import java.util.List;

/**
 * A change that asks for a refresh pass over a subject's copies, written to the subject's job item in the change's own
 * transaction. It sets only what asks for the pass; where the pass stands ({@code jobStatus}, {@code pass}, {@code
 * passVersion}) is the fan-out's, which may be running one already.
 *
 * @param entity the subject's entity
 * @param subjectId the subject's id
 * @param businessId the subject's business, who may read the job
 * @param requestedVersion the version of the change that asks (a removal's is the version it deleted + 1)
 * @param copiesTotal the copies the pass should expect
 * @param at when it was asked
 */
public record RefreshRequest(
        Entity entity, String subjectId, String businessId, long requestedVersion, long copiesTotal, Instant at) {

    public String subjectRef() {
        return Keys.subjectRef(entity, subjectId);
    }

    /**
     * The job as this request leaves it: pending, expecting its copies. A pass the fan-out is running already is not
     * seen here (that would take a read); a read of the job item shows where it stands.
     */
    public RefreshJob pendingJob() {
        return new RefreshJob(
                subjectRef(),
                businessId,
                RefreshJob.Status.PENDING,
                0,
                0,
                requestedVersion,
                0,
                List.of(),
                0,
                0,
                copiesTotal,
                null,
                at,
                null);
    }
}
