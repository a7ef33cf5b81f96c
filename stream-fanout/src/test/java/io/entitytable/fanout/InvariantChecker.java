package io.entitytable.fanout;

import io.entitytable.checks.DriftCheck;
import io.entitytable.model.ItemKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * TEST ONLY (it Scans the whole table): the duplicates and their drift as table-checks' {@link DriftCheck} finds them,
 * so these tests check the invariants of the duplicates (every implied copy exists and is current, no other copy
 * exists: "Writes and the fan-out" in {@code docs/design.md}) with the code of the verify tool, not with a copy of it.
 */
final class InvariantChecker {
    private InvariantChecker() {}

    /**
     * The findings about the duplicates (missing, orphaned, stale, ahead of source, index-attribute leak), one line each;
     * empty means none. Dangling references are left out: these tests write core items directly, and a customer
     * listing a deleted store is a state the fan-out has to handle (no edge may exist), not one it can fix.
     */
    static List<String> check(DynamoDbClient dynamo, String tableName) {
        return DriftCheck.of(dynamo, tableName).copyFindings();
    }

    /** Every duplicate (edge and tag) item, by key. */
    static Map<ItemKey, Map<String, AttributeValue>> duplicates(DynamoDbClient dynamo, String tableName) {
        Map<ItemKey, Map<String, AttributeValue>> copies = new LinkedHashMap<>();
        DriftCheck.of(dynamo, tableName).duplicates().forEach(item -> copies.put(ItemKey.of(item), item));
        return copies;
    }

    /** Every item, whatever its kind: to empty a table, or to assert on what is left in it. */
    static List<Map<String, AttributeValue>> scanAll(DynamoDbClient dynamo, String tableName) {
        return dynamo
                .scanPaginator(ScanRequest.builder()
                        .tableName(tableName)
                        .consistentRead(true)
                        .build())
                .items()
                .stream()
                .toList();
    }
}
