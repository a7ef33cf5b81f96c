package io.entitytable.api.paging;

import java.util.Map;

/**
 * Where each partition of a list stands. A partition absent from the map has not been read yet; one mapped to an
 * empty key is finished; otherwise the key is the last item returned from it. Single-partition lists use {@link
 * #SINGLE}.
 *
 * @param shards for a list over a business's shards, the shard count its first page read (every later page reads the
 *     same partitions, however the business grew since); 0 for any other list, and for a first page
 */
public record CursorState(Map<String, Map<String, String>> positions, int shards) {
    public static final String SINGLE = "";

    public CursorState(Map<String, Map<String, String>> positions) {
        this(positions, 0);
    }

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
}
