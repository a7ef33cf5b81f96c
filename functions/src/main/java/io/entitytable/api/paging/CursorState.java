package io.entitytable.api.paging;

import java.util.Collection;
import java.util.Map;

/**
 * Where each partition of a list stands. A partition absent from the map has not been read yet; one mapped to an
 * empty key is finished; otherwise the key is the last item returned from it. Single-partition lists use {@link
 * #SINGLE}.
 */
public record CursorState(Map<String, Map<String, String>> positions) {
    public static final String SINGLE = "";

    public static CursorState start() {
        return new CursorState(new java.util.LinkedHashMap<>());
    }

    public boolean isDone(String partition) {
        Map<String, String> key = positions.get(partition);
        return key != null && key.isEmpty();
    }

    /** The key to resume after, or null to start at the beginning. */
    public Map<String, String> resumeAfter(String partition) {
        Map<String, String> key = positions.get(partition);
        return key == null || key.isEmpty() ? null : key;
    }

    public boolean allDone(Collection<String> partitions) {
        return partitions.stream().allMatch(this::isDone);
    }
}
