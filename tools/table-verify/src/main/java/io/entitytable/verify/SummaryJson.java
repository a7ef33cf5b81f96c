package io.entitytable.verify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.DriftFindings;
import java.util.LinkedHashMap;
import java.util.Map;

/** The one JSON object each command prints on stdout, and the parts of it that several commands print alike. */
final class SummaryJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SummaryJson() {}

    static String write(Map<String, Object> summary) {
        try {
            return JSON.writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("summary not serialisable", e);
        }
    }

    /** A record's components, named as they are in the record. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> fields(Record record) {
        return JSON.convertValue(record, Map.class);
    }

    /**
     * A comparison's {@code drift}: how many findings of each class it made, every class listed (zero included) by its
     * JSON name; and its {@code driftTotal}.
     */
    static void putDrift(Map<String, Object> into, DriftFindings<?, ?> report) {
        Map<String, Long> counts = new LinkedHashMap<>();
        report.counts()
                .forEach((driftClass, count) -> counts.put(driftClass.traits().jsonName(), count));
        into.put("drift", counts);
        into.put("driftTotal", (long) report.findings().size());
    }
}
