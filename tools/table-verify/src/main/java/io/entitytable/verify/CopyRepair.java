package io.entitytable.verify;

import static io.entitytable.model.SourceVersionCondition.ABSENT;
import static io.entitytable.model.SourceVersionCondition.CREATE_OR_ADVANCE;
import static io.entitytable.model.SourceVersionCondition.EXACTLY;

import io.entitytable.checks.CoreItemGuard;
import io.entitytable.checks.DriftClass;
import io.entitytable.checks.DriftReport;
import io.entitytable.checks.Finding;
import io.entitytable.model.SourceVersionCondition;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.ConditionalWrites;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Fixes the repairable findings of a {@link DriftReport}: puts missing, stale and leaking copies as {@code
 * RelationshipCatalogue.copyItem} built them, deletes orphans; puts missing markers of unique values and deletes orphan
 * ones. A core item is the API's: repair only gives one the index attributes its record writes (stale index
 * attributes), through its index backfill's own mend, which sets those attributes alone at the version read (with the
 * copies they imply, in one transaction). So
 * dangling references and copies ahead of their source are left as they are.
 *
 * <p>Each write carries its {@link #condition} and, when the finding was decided from live core items, runs in a
 * {@code TransactWriteItems} with a {@code ConditionCheck} per {@link CoreItemGuard}: a repair computed from an image
 * that has changed since the Scan is cancelled rather than applied, so the tool can run beside a live fan-out. That
 * costs a transaction (2 WCU per KB written, plus the checks) per repair; repairs are rare.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html">Transactions</a>
 */
record CopyRepair(DynamoDbClient dynamo, String tableName, int parallelism) {
    /**
     * The deletes first, then the puts: a marker naming the wrong subject is an orphan to delete and a missing marker to
     * put at the same key, and the put is conditional on the key being new. (Copies never share a key that way.)
     */
    RepairResult repair(DriftReport report, AtomicLong done) {
        List<Finding> repairable = report.repairable();
        DoubleAdder capacity = new DoubleAdder();
        List<RepairResult.Attempt> attempts = new ArrayList<>();
        for (boolean deletes : List.of(true, false)) {
            List<Callable<RepairResult.Attempt>> repairs = new ArrayList<>();
            for (Finding finding : repairable) {
                if (finding.driftClass().repairDeletes() == deletes) {
                    repairs.add(() -> {
                        RepairResult.Attempt attempt = attempt(finding, capacity);
                        done.incrementAndGet();
                        return attempt;
                    });
                }
            }
            attempts.addAll(ParallelTasks.run("copy-repair", parallelism, repairs));
        }
        return new RepairResult(attempts, report.findings().size() - repairable.size(), capacity.sum());
    }

    /**
     * Repairs of copies of one subject run side by side and each checks that subject's core item in its transaction,
     * so they cancel one another with {@code TransactionConflict} as DynamoDB does: such a repair is tried again after
     * a jittered wait, since nothing was judged, and is reported as a conflict only when it keeps meeting others.
     */
    private static final Backoff CONFLICTS = new Backoff(8, Duration.ofMillis(20), Duration.ofMillis(500), () -> {});

    /** Repairs one finding, again while it only meets other transactions; a conflict left is SKIPPED_CONFLICT. */
    RepairResult.Attempt attempt(Finding finding, DoubleAdder capacity) {
        for (int attempt = 1; ; attempt++) {
            RepairResult.Attempt result = attemptOnce(finding, capacity);
            if (result.outcome() != RepairOutcome.SKIPPED_CONFLICT || attempt >= CONFLICTS.maxAttempts()) {
                return result;
            }
            CONFLICTS.pauseBefore(attempt);
        }
    }

    /** Repairs one finding; only SDK errors are caught (they become FAILED), anything else is a bug and propagates. */
    private RepairResult.Attempt attemptOnce(Finding finding, DoubleAdder capacity) {
        try {
            if (finding.driftClass() == DriftClass.STALE_INDEX_ATTRIBUTES) {
                return mendIndexAttributes(finding)
                        ? new RepairResult.Attempt(finding, RepairOutcome.REPAIRED, "")
                        : new RepairResult.Attempt(
                                finding, RepairOutcome.SKIPPED_SOURCE_CHANGED, "the core item changed since the scan");
            }
            if (finding.guards().isEmpty()) {
                write(finding, capacity);
            } else {
                transact(finding, capacity);
            }
            return new RepairResult.Attempt(finding, RepairOutcome.REPAIRED, "");
        } catch (ConditionalCheckFailedException e) {
            return new RepairResult.Attempt(finding, RepairOutcome.SKIPPED_COPY_CHANGED, changed(finding));
        } catch (TransactionCanceledException e) {
            return cancelled(finding, e);
        } catch (SdkException e) {
            return new RepairResult.Attempt(finding, RepairOutcome.FAILED, String.valueOf(e.getMessage()));
        }
    }

    /**
     * The condition of the copy's write, so that a repair never moves a copy backwards nor undoes a write made since
     * the Scan (see {@link SourceVersionCondition} for each rule):
     *
     * <ul>
     *   <li>put a missing or behind copy: {@link SourceVersionCondition#CREATE_OR_ADVANCE} the source's version;
     *   <li>rewrite a copy at the source's version (other content, index attributes): {@link
     *       SourceVersionCondition#EXACTLY} that version;
     *   <li>delete an orphan: {@link SourceVersionCondition#EXACTLY} the version scanned, or {@link
     *       SourceVersionCondition#ABSENT} if it had none (as a tombstone, deleted beside its live subject, has none);
     *   <li>a unique value's marker: {@link UniqueMarkerConditions} (put where no marker is, delete while it names the
     *       holder found).
     * </ul>
     */
    static Expression condition(Finding finding) {
        if (finding.driftClass().aboutUniqueValues()) {
            return UniqueMarkerConditions.of(finding);
        }
        Long scanned = finding.foundSourceVersion();
        if (finding.driftClass().repairDeletes()) {
            return scanned == null ? ABSENT.against(0) : EXACTLY.against(scanned);
        }
        long wanted = finding.expectedSourceVersion();
        return scanned != null && scanned == wanted ? EXACTLY.against(wanted) : CREATE_OR_ADVANCE.against(wanted);
    }

    private void write(Finding finding, DoubleAdder capacity) {
        Expression condition = condition(finding);
        ConsumedCapacity consumed = finding.driftClass().repairDeletes()
                ? dynamo.deleteItem(ConditionalWrites.deleteItem(tableName, finding.key(), condition)
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                                .build())
                        .consumedCapacity()
                : dynamo.putItem(ConditionalWrites.putItem(tableName, finding.expected(), condition)
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                                .build())
                        .consumedCapacity();
        add(capacity, consumed);
    }

    /**
     * The index backfills' mends of the core item, from the image the Scan read to the attributes verify expected;
     * false when the item changed since the Scan.
     */
    private boolean mendIndexAttributes(Finding finding) {
        boolean mended = true;
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            Map<String, AttributeValue> expected = backfill.actual(finding.expected());
            if (backfill.concerns(finding.found()) && !expected.equals(backfill.actual(finding.found()))) {
                mended &= backfill.mendTo(finding.found(), expected).apply(dynamo, tableName);
            }
        }
        return mended;
    }

    private void transact(Finding finding, DoubleAdder capacity) {
        List<TransactWriteItem> items = new ArrayList<>();
        for (CoreItemGuard guard : finding.guards()) {
            items.add(TransactWriteItem.builder()
                    .conditionCheck(guard.conditionCheck(tableName))
                    .build());
        }
        items.add(copyWrite(finding));
        dynamo.transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(items)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build())
                .consumedCapacity()
                .forEach(consumed -> add(capacity, consumed));
    }

    private TransactWriteItem copyWrite(Finding finding) {
        Expression condition = condition(finding);
        return finding.driftClass().repairDeletes()
                ? ConditionalWrites.delete(tableName, finding.key(), condition)
                : ConditionalWrites.put(tableName, finding.expected(), condition);
    }

    /** The reasons come in the order of the transaction's items: the guards first, the copy's write last. */
    private static RepairResult.Attempt cancelled(Finding finding, TransactionCanceledException e) {
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        boolean copyChanged = !reasons.isEmpty() && isConditionFailure(reasons.get(reasons.size() - 1));
        boolean sourceChanged =
                reasons.stream().limit(Math.max(0, reasons.size() - 1)).anyMatch(CopyRepair::isConditionFailure);
        if (sourceChanged) {
            return new RepairResult.Attempt(
                    finding, RepairOutcome.SKIPPED_SOURCE_CHANGED, "a core item changed since the scan");
        }
        if (copyChanged) {
            return new RepairResult.Attempt(finding, RepairOutcome.SKIPPED_COPY_CHANGED, changed(finding));
        }
        boolean conflict = reasons.stream().anyMatch(reason -> "TransactionConflict".equals(reason.code()));
        return new RepairResult.Attempt(
                finding,
                conflict ? RepairOutcome.SKIPPED_CONFLICT : RepairOutcome.FAILED,
                String.valueOf(e.getMessage()));
    }

    private static String changed(Finding finding) {
        return finding.driftClass().aboutUniqueValues()
                ? "the marker changed since the scan"
                : "the copy changed since the scan";
    }

    private static boolean isConditionFailure(CancellationReason reason) {
        return "ConditionalCheckFailed".equals(reason.code());
    }

    private static void add(DoubleAdder capacity, ConsumedCapacity consumed) {
        if (consumed != null && consumed.capacityUnits() != null) {
            capacity.add(consumed.capacityUnits());
        }
    }
}
