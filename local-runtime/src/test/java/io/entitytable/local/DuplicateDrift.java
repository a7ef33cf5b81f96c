package io.entitytable.local;

import io.entitytable.checks.DriftCheck;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * TEST ONLY (it Scans the whole table): waits for the duplicates to match the core items, as table-checks' {@link
 * DriftCheck} sees them: the verify tool's own check that every duplicate exists and equals its source
 * ({@code docs/design.md}, "Writes and the fan-out").
 */
final class DuplicateDrift {
    private DuplicateDrift() {}

    /**
     * Checks until the table is clean or the timeout: the fan-out runs a moment behind the core writes, so the last
     * check is returned either way (the caller asserts on it).
     */
    static DriftCheck awaitNone(DynamoDbClient dynamo, String tableName, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        DriftCheck check = DriftCheck.of(dynamo, tableName);
        while (!check.clean() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            check = DriftCheck.of(dynamo, tableName);
        }
        return check;
    }
}
