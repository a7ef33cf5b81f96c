package io.entitytable.verify.archive;

import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.ArchiveTable;
import io.entitytable.archive.job.OrderMove;
import io.entitytable.checks.ScannedTable;
import io.entitytable.model.access.Backoff;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The order archive checked against the table ({@link ArchiveCheck}) and mended ({@link ArchiveRepair}). */
public record ArchiveTarget(OrderArchive archive) {
    public ArchiveReport verify(
            ScannedTable table, DynamoDbClient dynamo, String tableName, Clock clock, AtomicLong checked) {
        return new ArchiveCheck(archive, dynamo, tableName).verify(table, clock.instant(), checked);
    }

    public ArchiveRepairResult repair(ArchiveReport found, DynamoDbClient dynamo, String tableName, Clock clock) {
        ArchiveTable table = new ArchiveTable(
                dynamo, tableName, new Backoff(6, Duration.ofMillis(25), Duration.ofSeconds(2), () -> {}));
        return new ArchiveRepair(archive, new OrderMove(table, archive, clock)).repair(found);
    }

    public String bucket() {
        return archive.bucket();
    }
}
