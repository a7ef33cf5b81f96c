package io.entitytable.model;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A subject's refresh job: the item ({@code <subjectId>.job / job}) that tracks bringing every copy of one subject in
 * line with the subject's current state when there are too many copies to do it inside one stream record (see
 * "Refresh jobs" in {@code docs/design.md}). A subject has at most one, reused by every pass.
 *
 * @param subjectRef {@code <entity>#<id>} of the subject
 * @param businessId the subject's business (who may read the job)
 * @param status where the job is (see {@link Status})
 * @param pass the running or last pass; messages of an earlier pass are dropped
 * @param passVersion the subject version the pass was started for
 * @param requestedVersion the highest version a change asked a pass for; above {@code passVersion}, another pass
 *     follows this one
 * @param segments the segments of the pass
 * @param cuts where the pass's segments meet (sort keys of the subject's edge partition), one fewer than the segments
 * @param doneSegments how many of them are done
 * @param copiesDone copies handled by the pass so far (a redelivered slice counts again, so it can run ahead)
 * @param copiesTotal the copies the pass expected when it started (the store's link count)
 * @param startedAt when the pass started (null while pending)
 * @param updatedAt the last progress
 * @param finishedAt when the last pass finished (null while running)
 */
public record RefreshJob(
        String subjectRef,
        String businessId,
        Status status,
        long pass,
        long passVersion,
        long requestedVersion,
        int segments,
        List<String> cuts,
        int doneSegments,
        long copiesDone,
        long copiesTotal,
        Instant startedAt,
        Instant updatedAt,
        Instant finishedAt) {

    /** Below this many copies, a subject's copies are refreshed inside the stream record that changed it. */
    public static final int INLINE_COPIES = 1_000;
    /** A pass has one segment per this many expected copies... */
    public static final int COPIES_PER_SEGMENT = 5_000;
    /**
     * ...and at most this many, which the worker's concurrency matches (the deployment's {@code RefreshQueueTrigger}), so
     * that every segment of a pass can run at once, each at its share of {@link CopyPace}.
     */
    public static final int MAX_SEGMENTS = 8;
    /** Copies read and written per page of a segment: one strongly consistent Query, one read of the subject. */
    public static final int PAGE_SIZE = 250;
    /** A running job without progress for this long has stopped (its message went to the dead-letter queue). */
    public static final Duration STOPPED_AFTER = Duration.ofMinutes(15);

    /**
     * Stored as {@code running} or {@code done}; a job is pending when a change asked for a pass ({@code
     * requestedVersion} above {@code passVersion}) that has not started yet.
     */
    public enum Status implements StoredValue {
        PENDING,
        RUNNING,
        DONE
    }

    /** The key of a subject's job item. */
    public static ItemKey keyOf(String subjectId) {
        return new ItemKey(Keys.refreshJobId(subjectId), Keys.REFRESH_JOB_TYPE);
    }

    public static RefreshJob from(Map<String, AttributeValue> item) {
        long passVersion = Values.number(item, Attributes.JOB_PASS_VERSION);
        long requestedVersion = Values.number(item, Attributes.JOB_REQUESTED_VERSION);
        Status status;
        if (Status.RUNNING.value().equals(Values.string(item, Attributes.JOB_STATUS))) {
            status = Status.RUNNING;
        } else {
            status = requestedVersion > passVersion ? Status.PENDING : Status.DONE;
        }
        return new RefreshJob(
                Values.string(item, Attributes.JOB_SUBJECT),
                Values.string(item, Attributes.BUSINESS_ID),
                status,
                Values.number(item, Attributes.JOB_PASS),
                passVersion,
                requestedVersion,
                (int) Values.number(item, Attributes.JOB_SEGMENTS),
                item.containsKey(Attributes.JOB_CUTS)
                                && item.get(Attributes.JOB_CUTS).hasL()
                        ? item.get(Attributes.JOB_CUTS).l().stream()
                                .map(AttributeValue::s)
                                .toList()
                        : List.of(),
                Values.set(item, Attributes.JOB_DONE_SEGMENTS).size(),
                Values.number(item, Attributes.JOB_COPIES_DONE),
                Values.number(item, Attributes.JOB_COPIES_TOTAL),
                Values.instant(item, Attributes.JOB_STARTED_AT),
                Values.instant(item, Attributes.UPDATED_AT),
                Values.instant(item, Attributes.JOB_FINISHED_AT));
    }

    /**
     * Not done, and without progress for {@link #STOPPED_AFTER}: one of its messages went to the dead-letter queue, or
     * the change that asked for it failed for good; {@code table-verify repair} restarts it.
     */
    public boolean stoppedAt(Instant now) {
        return status != Status.DONE
                && updatedAt != null
                && updatedAt.plus(STOPPED_AFTER).isBefore(now);
    }

    public Optional<Keys.SubjectRef> subject() {
        return Keys.parseSubjectRef(subjectRef);
    }
}
