package io.entitytable.fanout;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.fanout.table.CopyEffects;
import io.entitytable.fanout.table.EffectsJson;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The fields of the fan-out's one line per batch (docs/design.md §8, "Logs"): per subject whose core item changed, its
 * changes (event, version, and the request id the new version carries) and the copies the batch wrote and deleted
 * about it. A REMOVE names no request id: its old image carries the one of the version before, not the delete's.
 */
final class FanoutLogLine {
    private FanoutLogLine() {}

    static Map<LogField, Object> fields(List<Record> records, CopyEffects.Drained effects, long millis) {
        Map<String, ObjectNode> bySubject = new LinkedHashMap<>();
        Set<String> correlationIds = new LinkedHashSet<>();
        EffectsJson json = new EffectsJson();
        for (Record record : records) {
            Optional<CoreChange> read = readable(record);
            if (read.isEmpty() || read.get().isCounterOnly()) {
                continue;
            }
            CoreChange change = read.get();
            ObjectNode entry = bySubject.computeIfAbsent(change.subjectRef(), subject -> {
                ObjectNode added = json.add();
                added.put("subject", subject);
                added.putArray("changes");
                return added;
            });
            ObjectNode listed = ((ArrayNode) entry.get("changes")).addObject();
            listed.put("event", record.eventNameAsString());
            if (change.isRemove()) {
                listed.put("version", change.oldVersion());
            } else {
                listed.put("version", change.newVersion());
                String id = Values.string(change.newImage(), Attributes.CORRELATION_ID);
                if (id != null) {
                    listed.put(LogField.CORRELATION_ID.key(), id);
                    correlationIds.add(id);
                }
            }
        }
        bySubject.forEach((subject, entry) -> json.putCopies(
                entry,
                effects.listed().stream()
                        .filter(effect -> effect.concerns(subject))
                        .toList()));
        Map<LogField, Object> fields = new EnumMap<>(LogField.class);
        fields.put(LogField.RECORDS, records.size());
        if (!correlationIds.isEmpty()) {
            fields.put(LogField.CORRELATION_IDS, String.join(" ", correlationIds));
        }
        fields.put(LogField.COPIES_WRITTEN, effects.written());
        fields.put(LogField.COPIES_DELETED, effects.deleted());
        fields.put(LogField.EFFECTS, json.toString());
        fields.put(LogField.MILLIS, millis);
        return fields;
    }

    /** A record the batch could not read was reported already; the line just leaves it out. */
    private static Optional<CoreChange> readable(Record record) {
        try {
            return CoreChange.of(record);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
