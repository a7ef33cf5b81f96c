package io.entitytable.verify;

import io.entitytable.model.EraseJob;
import io.entitytable.model.RefreshJob;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code jobs}: the refresh jobs not done (with {@code --all}, every one), by subject, as a text table; then the
 * businesses' erase jobs the same way.
 */
record JobsCommand(DynamoDbClient dynamo, VerifyOptions options, Clock clock) {
    String run() {
        JobsScan.Jobs read = new JobsScan(dynamo, options.table()).jobsAndErases();
        List<RefreshJob> jobs = read.refreshJobs().stream()
                .filter(job -> options.allJobs() || job.status() != RefreshJob.Status.DONE)
                .sorted(Comparator.comparing(RefreshJob::subjectRef, Comparator.nullsFirst(String::compareTo)))
                .toList();
        List<EraseJob> erases = read.erases().stream()
                .filter(erase -> options.allJobs() || erase.status() != EraseJob.Status.DONE)
                .sorted(Comparator.comparing(EraseJob::businessId, Comparator.nullsFirst(String::compareTo)))
                .toList();
        return JobsTable.of(jobs, erases, clock.instant());
    }
}
