package io.entitytable.api.paging;

/**
 * Which page of a list to read, checked: {@code limit} items (1 to 100) after the position {@code next} names (the
 * opaque cursor of the previous page, null for the first page). The cursor is checked against its list where the
 * list runs, since only the list's Query says which cursors it accepts.
 */
public record PageRequest(int limit, String next) {}
