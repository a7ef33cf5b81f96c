package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The reads of {@code jobs} and {@code migrate}: only the refresh jobs and erase jobs of the table, one Scan (strongly
 * consistent). No request path may Scan: see "Access patterns" in {@code docs/design.md}.
 */
record JobsScan(DynamoDbClient dynamo, String tableName) {
    /** What {@link #jobsAndErases} read: the refresh jobs and the businesses' erase jobs. */
    record Jobs(List<RefreshJob> refreshJobs, List<EraseJob> erases) {}

    /**
     * Every refresh job and erase job of the table: the same full read as verify's {@code TableScan} (a filter does not
     * lower what a Scan reads, only what it returns), but only the jobs' progress attributes come back.
     */
    Jobs jobsAndErases() {
        return read(List.of(ItemKind.JOB, ItemKind.ERASE));
    }

    private Jobs read(List<ItemKind> kinds) {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#kind", Attributes.KIND);
        List<String> projected = List.of(
                Attributes.KIND,
                Attributes.JOB_SUBJECT,
                Attributes.BUSINESS_ID,
                Attributes.JOB_STATUS,
                Attributes.JOB_PASS,
                Attributes.JOB_PASS_VERSION,
                Attributes.JOB_REQUESTED_VERSION,
                Attributes.JOB_SEGMENTS,
                Attributes.JOB_DONE_SEGMENTS,
                Attributes.JOB_COPIES_DONE,
                Attributes.JOB_COPIES_TOTAL,
                Attributes.ERASE_PHASE,
                Attributes.ERASE_ITEMS_DELETED,
                Attributes.ERASE_ROUND_START_DELETED,
                Attributes.ERASE_IDLE_SINCE,
                Attributes.JOB_STARTED_AT,
                Attributes.UPDATED_AT,
                Attributes.JOB_FINISHED_AT);
        List<String> placeholders = new ArrayList<>();
        for (int i = 0; i < projected.size(); i++) {
            // Placeholders for all: several of these names (pass, segments) may be reserved words.
            names.put("#p" + i, projected.get(i));
            placeholders.add("#p" + i);
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> conditions = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            values.put(":k" + i, Values.s(kinds.get(i).value()));
            conditions.add("#kind = :k" + i);
        }
        ScanRequest request = ScanRequest.builder()
                .tableName(tableName)
                .consistentRead(true)
                .filterExpression(String.join(" OR ", conditions))
                .projectionExpression(String.join(", ", placeholders))
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build();
        List<RefreshJob> jobs = new ArrayList<>();
        List<EraseJob> erases = new ArrayList<>();
        for (ScanResponse page : dynamo.scanPaginator(request)) {
            for (Map<String, AttributeValue> item : page.items()) {
                if (ItemKind.ERASE.value().equals(Values.string(item, Attributes.KIND))) {
                    erases.add(EraseJob.from(item));
                } else {
                    jobs.add(RefreshJob.from(item));
                }
            }
        }
        return new Jobs(jobs, erases);
    }
}
