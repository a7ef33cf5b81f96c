package io.entitytable.archive.job;

import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The businesses' archive schedules ({@link ArchiveSchedule}) as the fan-out and the archive job write and read them:
 * a due time moved earlier (never later) by a conditional UpdateItem, taken by the job that looks at the business,
 * and listed by due time.
 */
public final class ArchiveSchedules {
    private final ArchiveTable table;

    public ArchiveSchedules(ArchiveTable table) {
        this.table = table;
    }

    /**
     * Makes the business's schedule due at {@code dueAt} at the latest: one UpdateItem, on condition that it is unset or
     * later. False when it was due at or before {@code dueAt} already (nothing written).
     */
    public boolean dueBy(String businessId, Instant dueAt) {
        Map<String, AttributeValue> attributes = ArchiveSchedule.dueAttributes(businessId, dueAt);
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> sets = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, AttributeValue> attribute : attributes.entrySet()) {
            names.put("#a" + i, attribute.getKey());
            values.put(":a" + i, attribute.getValue());
            sets.add("#a" + i + " = :a" + i);
            i++;
        }
        names.put("#sk", Attributes.GSI1_SK);
        values.put(":sk", attributes.get(Attributes.GSI1_SK));
        try {
            table.backoff().call(() -> table.dynamo().updateItem(request -> request.tableName(table.tableName())
                    .key(ArchiveSchedule.keyOf(businessId).toAttributes())
                    .updateExpression("SET " + String.join(", ", sets))
                    .conditionExpression("attribute_not_exists(#sk) OR #sk > :sk")
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)));
            return true;
        } catch (ConditionalCheckFailedException dueSooner) {
            return false;
        }
    }

    /**
     * The businesses whose schedules are due at {@code now}, earliest first, at most {@code limit} of each partition:
     * one Query of gsi1 per due partition.
     */
    public List<Due> dueAt(Instant now, int limit) {
        List<Due> due = new ArrayList<>();
        for (String partition : ArchiveSchedule.duePartitions()) {
            QueryResponse page =
                    table.gsi1Between(partition, Keys.archiveDueSkFrom(), Keys.archiveDueSkTo(now), null, limit);
            for (Map<String, AttributeValue> item : page.items()) {
                due.add(new Due(Values.string(item, Attributes.BUSINESS_ID), Values.string(item, Attributes.GSI1_SK)));
            }
        }
        return due;
    }

    /**
     * Takes a due schedule for one look at its business: removes its due time (so it leaves the due list), on condition
     * that it is still the one listed. False when another job took it, or it moved earlier meanwhile (listed again).
     */
    public boolean take(Due due) {
        try {
            table.backoff().call(() -> table.dynamo().updateItem(request -> request.tableName(table.tableName())
                    .key(ArchiveSchedule.keyOf(due.businessId()).toAttributes())
                    .updateExpression("REMOVE #due, #pk, #sk")
                    .conditionExpression("#sk = :sk")
                    .expressionAttributeNames(Map.of(
                            "#due", Attributes.ARCHIVE_DUE_AT,
                            "#pk", Attributes.GSI1_PK,
                            "#sk", Attributes.GSI1_SK))
                    .expressionAttributeValues(Map.of(":sk", Values.s(due.listedAs())))));
            return true;
        } catch (ConditionalCheckFailedException takenOrMoved) {
            return false;
        }
    }

    /** A business's schedule as its due partition lists it. */
    public record Due(String businessId, String listedAs) {}
}
