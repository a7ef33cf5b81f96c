package io.entitytable.api.paging;

import java.util.List;

/**
 * One page of a list. {@code next} is an opaque cursor for the following page, absent on the last one.
 *
 * @param <T> the resource type
 */
public record Page<T>(List<T> items, String next) {}
