package io.entitytable.faultrun;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RefreshJob;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The refresh-job items of the table (a Scan; this is a test harness, not a request path).
 *
 * @param jobs job items
 * @param done jobs whose last pass finished with nothing more asked for
 * @param passes passes started over all jobs
 */
record JobCensus(long jobs, long done, long passes) {

    static JobCensus of(DynamoDbClient dynamo, String table) {
        List<RefreshJob> jobs = dynamo
                .scanPaginator(request -> request.tableName(table)
                        .consistentRead(true)
                        .filterExpression("#kind = :job")
                        .expressionAttributeNames(Map.of("#kind", Attributes.KIND))
                        .expressionAttributeValues(Map.of(":job", AttributeValue.fromS(ItemKind.JOB.value()))))
                .items()
                .stream()
                .map(RefreshJob::from)
                .toList();
        return new JobCensus(
                jobs.size(),
                jobs.stream()
                        .filter(job -> job.status() == RefreshJob.Status.DONE)
                        .count(),
                jobs.stream().mapToLong(RefreshJob::pass).sum());
    }

    boolean allDone() {
        return done == jobs;
    }
}
