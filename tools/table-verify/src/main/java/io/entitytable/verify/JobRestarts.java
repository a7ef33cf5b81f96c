package io.entitytable.verify;

import io.entitytable.queue.RefreshMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * What {@code repair} did with the stopped refresh jobs and erases: a restart message on the refresh queue for each
 * subject (the worker then starts a new pass of a refresh job, or a new round of a business's erase), or the reason it
 * did not send one.
 *
 * @param restarted subjects whose restart message the queue accepted
 * @param notRestarted the others, with the reason
 */
record JobRestarts(Set<String> restarted, Map<String, String> notRestarted) {

    /** Said for every stopped job when {@code repair} was given no queue. */
    static final String NO_QUEUE = "not restarted: give --refresh-queue URL (and --sqs-endpoint URL locally)";

    JobRestarts {
        restarted = Set.copyOf(restarted);
        notRestarted = Map.copyOf(notRestarted);
    }

    /** Without a queue nothing is sent; every stopped job is reported with the option that is missing. */
    static JobRestarts withoutQueue(List<String> stopped) {
        Map<String, String> reasons = new LinkedHashMap<>();
        stopped.forEach(subject -> reasons.put(subject, NO_QUEUE));
        return new JobRestarts(Set.of(), reasons);
    }

    /**
     * One restart message per stopped job's subject ({@link JobsReport#stoppedSubjects}), {@link RefreshQueue#MAX_BATCH} per request. A batch the queue fails as a
     * whole (network, permissions) leaves its jobs not restarted and the next batch is still tried; a restart sent
     * twice is harmless (the worker starts one more pass).
     */
    static JobRestarts send(List<String> stopped, RefreshQueue queue) {
        Set<String> restarted = new LinkedHashSet<>();
        Map<String, String> notRestarted = new LinkedHashMap<>();
        for (int start = 0; start < stopped.size(); start += RefreshQueue.MAX_BATCH) {
            List<RefreshMessage> batch = new ArrayList<>();
            for (String subject : stopped.subList(start, Math.min(stopped.size(), start + RefreshQueue.MAX_BATCH))) {
                batch.add(RefreshMessage.restartOf(subject));
            }
            try {
                Set<String> refused = queue.sendBatch(batch);
                for (RefreshMessage message : batch) {
                    if (refused.contains(message.subject())) {
                        notRestarted.put(message.subject(), "the refresh queue refused the restart message");
                    } else {
                        restarted.add(message.subject());
                    }
                }
            } catch (SdkException e) {
                batch.forEach(message -> notRestarted.put(message.subject(), "could not send: " + e.getMessage()));
            }
        }
        return new JobRestarts(restarted, notRestarted);
    }
}
