package io.entitytable.verify;

import io.entitytable.checks.IndexDriftClass;
import io.entitytable.checks.IndexFinding;
import io.entitytable.checks.IndexReport;
import io.entitytable.checks.IndexedDocument;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import io.entitytable.model.access.Filters;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.search.repair.IndexWrites;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Fixes the repairable findings of an {@link IndexReport} with versioned writes ({@link IndexWrites}), so a repair can
 * run beside a live indexer and never moves a document backwards:
 *
 * <ul>
 *   <li>a missing or stale document is indexed as {@code SearchDocument.of} built it from the scanned item, at the
 *       item's {@code indexVersion()}: if the item changed (or was deleted) after the Scan, the indexer has written a
 *       higher version, or will, and one of the two writes is refused. A document at the item's version with other
 *       content is replaced at that same version ({@code external_gte}): whatever else writes that version writes the
 *       same content, since a document is a function of the item's image at that version (and an order's lines, which
 *       never change);
 *   <li>an orphan gets a tombstone one version above the live document read, so a late record of the same version
 *       cannot bring it back; but first a strongly consistent Query of the item's partition must find no indexed core
 *       item (an item created after the Scan, whose document the index already has, is left alone). Ids are never
 *       reused, so an item gone then stays gone.
 * </ul>
 *
 * A refused version counts as skipped, not failed: someone wrote newer. Documents ahead of their item are never
 * touched.
 */
record IndexRepair(IndexWrites writes, DynamoDbClient dynamo, String tableName, Clock clock) {

    IndexRepairResult repair(IndexReport report) {
        List<IndexRepairResult.Attempt> attempts = new ArrayList<>();
        List<IndexFinding> toWrite = new ArrayList<>();
        List<IndexWrites.Write> planned = new ArrayList<>();
        for (IndexFinding finding : report.repairable()) {
            if (finding.driftClass() == IndexDriftClass.ORPHAN_DOCUMENT) {
                if (indexedItemExists(finding.id())) {
                    attempts.add(new IndexRepairResult.Attempt(
                            finding,
                            IndexRepairResult.Outcome.SKIPPED_ITEM_EXISTS,
                            "its item exists: created after the scan"));
                    continue;
                }
                planned.add(tombstone(finding.found()));
            } else {
                SearchDocument document = finding.expected();
                boolean sameVersion = finding.found() != null
                        && !finding.found().deleted()
                        && finding.found().indexVersion() == document.indexVersion();
                planned.add(new IndexWrites.Write(
                        document.id(), document.businessId(), document.indexVersion(), sameVersion, document.toMap()));
            }
            toWrite.add(finding);
        }
        List<IndexWrites.Outcome> outcomes = writes.write(planned);
        for (int i = 0; i < outcomes.size(); i++) {
            IndexWrites.Outcome outcome = outcomes.get(i);
            IndexFinding finding = toWrite.get(i);
            if (outcome.written()) {
                attempts.add(new IndexRepairResult.Attempt(finding, IndexRepairResult.Outcome.REPAIRED, ""));
            } else if (outcome.conflict()) {
                attempts.add(new IndexRepairResult.Attempt(
                        finding,
                        IndexRepairResult.Outcome.SKIPPED_NEWER_IN_INDEX,
                        refusedReason(finding, outcome.write().version())));
            } else {
                attempts.add(new IndexRepairResult.Attempt(
                        finding,
                        IndexRepairResult.Outcome.FAILED,
                        (outcome.status() == 0 ? "" : "status " + outcome.status() + " ") + outcome.reason()));
            }
        }
        return new IndexRepairResult(
                attempts, report.findings().size() - report.repairable().size());
    }

    private static String refusedReason(IndexFinding finding, long version) {
        String newer = "the index holds a version above " + version + ", written since it was read";
        // A document deleted outright (never by the indexer, which writes tombstones) keeps its version for the
        // index's gc_deletes (60 s by default): until then a write below it is refused too.
        return finding.found() == null
                ? newer + ", or the document was deleted outright less than a minute ago (run repair again)"
                : newer;
    }

    /**
     * The tombstone of an orphan: its identity, one index version above it (an even, live version 2v gives 2v + 1,
     * what the indexer writes when item version v is deleted).
     */
    IndexWrites.Write tombstone(IndexedDocument orphan) {
        long version = (orphan.indexVersion() + 1) / 2;
        SearchDocument tombstone = new SearchDocument(
                orphan.type() == null ? "unknown" : orphan.type(),
                orphan.id(),
                orphan.businessId() == null ? "" : orphan.businessId(),
                version,
                true,
                clock.instant(),
                null,
                Map.of());
        return new IndexWrites.Write(orphan.id(), orphan.routing(), tombstone.indexVersion(), false, tombstone.toMap());
    }

    /** Whether the table holds a core item of this id that the index holds documents of (strongly consistent). */
    private boolean indexedItemExists(String id) {
        QueryRequest request = PartitionQuery.partition(null, id)
                .consistentRead()
                .filtered(Filters.equal(Values.s(ItemKind.CORE.value()), Attributes.KIND))
                .projecting(Attributes.ID, Attributes.TYPE, Attributes.KIND)
                .toRequest(tableName);
        for (Map<String, AttributeValue> item : dynamo.queryPaginator(request).items()) {
            try {
                if (CoreItem.entityOf(item).isSearchable()) {
                    return true;
                }
            } catch (IllegalArgumentException e) {
                // Not a core item of a known entity: nothing the index holds.
            }
        }
        return false;
    }
}
