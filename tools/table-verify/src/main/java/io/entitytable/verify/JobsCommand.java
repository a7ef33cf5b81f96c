package io.entitytable.verify;

import io.entitytable.model.RefreshJob;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code jobs}: the refresh jobs not done (with {@code --all}, every one), by subject, as a text table. */
record JobsCommand(DynamoDbClient dynamo, VerifyOptions options, Clock clock) {
    String run() {
        List<RefreshJob> jobs = new TableScan(dynamo, options.table(), 1)
                .jobs().stream()
                        .filter(job -> options.allJobs() || job.status() != RefreshJob.Status.DONE)
                        .sorted(Comparator.comparing(RefreshJob::subjectRef, Comparator.nullsFirst(String::compareTo)))
                        .toList();
        return JobsTable.of(jobs, clock.instant());
    }
}
