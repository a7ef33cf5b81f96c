package io.entitytable.api.response;

import io.entitytable.model.EraseJob;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A business's erase job as the API returns it: how far deleting the business with everything it owns has come. */
@Schema(
        name = "EraseJob",
        description = "The job that deletes a business with its customers, stores and orders, and at last the business")
public record EraseJobResponse(
        String businessId,
        @Schema(
                        enumeration = {"running", "done", "stopped"},
                        description = "running: the business and what it owns are being deleted; done: the business"
                                + " is gone; stopped: not done, and without progress for 15 minutes: the job needs an"
                                + " operator")
                String status,
        @Schema(
                        description = "The running or last round: each round deletes what the business index shows; a"
                                + " round that ends with children still counted is followed by another")
                long round,
        @Schema(
                        enumeration = {"children", "stores", "archive"},
                        description = "What the round is deleting: customers and orders first, then stores, then the"
                                + " business's archived orders")
                String phase,
        @Schema(description = "Segments of the phase done so far, of segments") int doneSegments,
        @Schema(description = "The segments of each phase: one per write shard of the business in the business index")
                int segments,
        @Schema(
                        description =
                                "Items deleted so far: children, their order lines, archived orders, and at the end the"
                                        + " business")
                long itemsDeleted,
        @Schema(description = "When the erase was asked") Instant startedAt,
        @Schema(description = "The last progress") Instant updatedAt,
        @Schema(description = "When the business was deleted; absent until then") Instant finishedAt) {

    public static EraseJobResponse from(EraseJob job, Instant now) {
        return new EraseJobResponse(
                job.businessId(),
                job.stoppedAt(now) ? "stopped" : job.status().value(),
                job.round(),
                job.phase().value(),
                job.doneSegments(),
                job.segments(),
                job.itemsDeleted(),
                job.startedAt(),
                job.updatedAt(),
                job.finishedAt());
    }
}
