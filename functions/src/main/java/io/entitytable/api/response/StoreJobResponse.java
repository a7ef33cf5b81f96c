package io.entitytable.api.response;

import io.entitytable.model.RefreshJob;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The refresh job of a deleted subject that others linked, as the API returns it: how far removing it from them has
 * come. The store is the one such subject of the domain (customers link it), and the document names the answer so.
 */
@Schema(
        name = StoreJobResponse.SCHEMA,
        description = "The job that removes a deleted store from every customer that lists it")
public record StoreJobResponse(
        String storeId,
        @Schema(
                        enumeration = {"pending", "running", "done"},
                        description = "pending: a pass is asked for and has not started; running: a pass is under"
                                + " way; done: the last pass asked for has finished")
                String status,
        @Schema(
                        description = "Not done and without progress for 15 minutes: the job needs an operator"
                                + " (table-verify repair restarts it)")
                boolean stopped,
        @Schema(description = "The running or last pass; 0 before the first") long pass,
        @Schema(
                        description =
                                "Copies handled by the pass so far (a redelivered slice counts again, so it may run"
                                        + " ahead of copiesTotal)")
                long copiesDone,
        @Schema(description = "The copies the pass expects: the customers that linked the store") long copiesTotal,
        @Schema(description = "The segments of the pass; 0 before it starts") int segments,
        int doneSegments,
        @Schema(description = "When the pass started; absent while pending") Instant startedAt,
        @Schema(description = "The last progress") Instant updatedAt,
        @Schema(description = "When the last pass finished; absent until then") Instant finishedAt) {

    /**
     * Its schema's name in the document: the job of every linked subject's unlinking delete is this one, named for the
     * store, whose job it was first.
     */
    public static final String SCHEMA = "StoreJob";

    public static StoreJobResponse from(String storeId, RefreshJob job, Instant now) {
        return new StoreJobResponse(
                storeId,
                job.status().value(),
                job.stoppedAt(now),
                job.pass(),
                job.copiesDone(),
                job.copiesTotal(),
                job.segments(),
                job.doneSegments(),
                job.startedAt(),
                job.updatedAt(),
                job.finishedAt());
    }
}
