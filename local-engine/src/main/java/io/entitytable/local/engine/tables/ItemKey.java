package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;

/**
 * An item's primary key: its partition key value and its sort key value (null when the table has no sort key).
 *
 * @param partition the partition key's value
 * @param sort the sort key's value, or null
 */
public record ItemKey(Value partition, Value sort) {}
