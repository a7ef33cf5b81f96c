package io.entitytable.capacity;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item written: a put ({@code before} null), a delete ({@code after} null) or an update of the same key. A write
 * inside TransactWriteItems costs twice on the table.
 */
record ItemWrite(Map<String, AttributeValue> before, Map<String, AttributeValue> after, boolean transactional) {

    static ItemWrite put(Map<String, AttributeValue> item, boolean transactional) {
        return new ItemWrite(null, item, transactional);
    }

    static ItemWrite delete(Map<String, AttributeValue> item, boolean transactional) {
        return new ItemWrite(item, null, transactional);
    }

    static ItemWrite update(
            Map<String, AttributeValue> before, Map<String, AttributeValue> after, boolean transactional) {
        return new ItemWrite(before, after, transactional);
    }
}
