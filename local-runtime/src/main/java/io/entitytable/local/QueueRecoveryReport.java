package io.entitytable.local;

import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.local.sqs.RecoveredQueue;
import io.entitytable.queue.RefreshMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the start says about the local SQS's kept messages: per queue, the messages the previous run left, and for the
 * refresh queue the jobs they resume (one per subject: a job's next segments, continuations, unlinks or restarts).
 */
final class QueueRecoveryReport {
    /** Subjects named one by one up to this many; beyond, only counted. */
    private static final int NAMED_JOBS = 5;

    private QueueRecoveryReport() {}

    static List<String> lines(LocalSqs sqs, Path folder) {
        if (!sqs.keepsMessages()) {
            return List.of("messages in memory only (--in-memory): what is queued is gone when the system stops");
        }
        if (sqs.recovered().isEmpty()) {
            return List.of("queues and messages kept in " + folder + "; the previous run left none");
        }
        List<String> lines = new ArrayList<>();
        for (RecoveredQueue queue : sqs.recovered()) {
            StringBuilder line = new StringBuilder(String.format(
                    Locale.ROOT,
                    "recovered %,d messages of %s from %s",
                    queue.bodies().size(),
                    queue.name(),
                    folder));
            if (queue.name().equals(RefreshQueueNames.QUEUE)) {
                Set<String> jobs = subjects(queue.bodies());
                line.append(String.format(Locale.ROOT, ": %,d refresh jobs resumed", jobs.size()));
                if (!jobs.isEmpty()) {
                    line.append(" (")
                            .append(String.join(
                                    ", ", jobs.stream().limit(NAMED_JOBS).toList()))
                            .append(jobs.size() > NAMED_JOBS ? ", ..." : "")
                            .append(')');
                }
            }
            if (queue.released() > 0) {
                line.append(String.format(
                        Locale.ROOT,
                        "; %,d of them were being worked on when the previous run ended and are visible again now",
                        queue.released()));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** The subjects the refresh messages are about; a body that is not a refresh message names none. */
    private static Set<String> subjects(List<String> bodies) {
        Set<String> subjects = new TreeSet<>();
        for (String body : bodies) {
            try {
                subjects.add(RefreshMessage.fromJson(body).subject());
            } catch (IllegalArgumentException notARefreshMessage) {
                // The worker dead-letters it; it resumes no job.
            }
        }
        return subjects;
    }
}
