package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftCheck;
import io.entitytable.checks.IndexDriftClass;
import io.entitytable.checks.IndexFinding;
import io.entitytable.checks.IndexReport;
import io.entitytable.checks.IndexedDocument;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.SearchIndexReader;
import io.entitytable.checks.TableScan;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.SearchFields;
import io.entitytable.model.Shard;
import io.entitytable.search.client.SearchDocument;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The search index compared with the table: its drift classes on an index corrupted on purpose, repair with versioned
 * writes, and {@link DriftCheck#withSearch}; the local DynamoDB engine in this JVM, the real search engine shared by the test JVM.
 */
class SearchIndexVerifyTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;
    private static OpenSearchClient search;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
        search = SampleIndex.client();
    }

    @AfterAll
    static void stop() {
        SearchClientFactory.close(search);
        dynamo.close();
        local.close();
    }

    @Test
    void verify_shouldBeClean_whenEveryIndexedItemHasItsDocument() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);
        index.refresh();

        // WHEN
        IndexReport report = verify(sample, index);

        // THEN 3 stores, 2 customers and 1 order (with its line) indexed; the 2 businesses are not
        assertThat(report.findings()).isEmpty();
        assertThat(report.expectedDocuments()).isEqualTo(6);
        assertThat(report.documentsRead()).isEqualTo(6);
        assertThat(report.counts().values()).containsOnly(0L);
        assertThat(index.source(sample.order.id(), sample.order.businessId()))
                .containsEntry(SearchFields.DESCRIPTION, "Blue pen")
                .containsEntry(SearchFields.SKU, "PEN-1");
    }

    @Test
    void readAll_shouldReadEveryDocumentOnce_overManyPages() {
        // GIVEN 6 documents, 3 orphans and 2 tombstones: 11 over pages of 3 (and a last page that is full: 12)
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);
        for (int i = 0; i < 3; i++) {
            index.put(SampleIndex.documentOf(customer("Orphan", "No" + i, 1)));
        }
        for (int i = 0; i < 2; i++) {
            index.put(tombstoneOf(SampleIndex.documentOf(customer("Dead", "No" + i, 1)), 1));
        }
        index.refresh();
        SearchIndexReader reader = new SearchIndexReader(search, index.name, 3);

        // WHEN
        AtomicLong read = new AtomicLong();
        Map<String, IndexedDocument> documents = reader.readAll(read);
        index.put(tombstoneOf(SampleIndex.documentOf(customer("Dead", "Last", 1)), 1));
        index.refresh();
        AtomicLong readAgain = new AtomicLong();
        Map<String, IndexedDocument> again = reader.readAll(readAgain);

        // THEN
        assertThat(read.get()).isEqualTo(11);
        assertThat(documents).hasSize(11);
        assertThat(documents.get(sample.order.id()).indexVersion()).isEqualTo(4);
        assertThat(documents.get(sample.order.id()).routing()).isEqualTo(sample.order.businessId());
        assertThat(readAgain.get()).isEqualTo(12);
        assertThat(again).hasSize(12);
    }

    @Test
    void verify_shouldConfirmByIdWhatSearchesDoNotSeeYet() {
        // GIVEN documents written without a refresh: a search may not see them yet
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);

        // WHEN
        IndexReport report = verify(sample, index);

        // THEN read by id, each is there
        assertThat(report.findings()).isEmpty();
    }

    @Test
    void verify_shouldReportEachCorruptionInItsClass() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample, sample.customer2);
        Corruption corruption = corrupt(sample, index);
        index.refresh();

        // WHEN
        IndexReport report = verify(sample, index);

        // THEN
        assertThat(ids(report, IndexDriftClass.MISSING_DOCUMENT))
                .containsExactlyInAnyOrderElementsOf(corruption.missing());
        assertThat(ids(report, IndexDriftClass.STALE_DOCUMENT)).containsExactlyInAnyOrderElementsOf(corruption.stale());
        assertThat(ids(report, IndexDriftClass.ORPHAN_DOCUMENT))
                .containsExactlyInAnyOrderElementsOf(corruption.orphans());
        assertThat(ids(report, IndexDriftClass.DOCUMENT_AHEAD_OF_ITEM)).containsExactly(corruption.ahead());
        assertThat(report.counts())
                .containsEntry(IndexDriftClass.MISSING_DOCUMENT, 2L)
                .containsEntry(IndexDriftClass.STALE_DOCUMENT, 2L)
                .containsEntry(IndexDriftClass.ORPHAN_DOCUMENT, 2L)
                .containsEntry(IndexDriftClass.DOCUMENT_AHEAD_OF_ITEM, 1L);
        // 6 documents of the sample, 2 orphans, the tombstone of a gone customer
        assertThat(report.documentsRead()).isEqualTo(8);
        assertThat(report.findingsOf(IndexDriftClass.STALE_DOCUMENT))
                .extracting(IndexFinding::detail)
                .anySatisfy(detail -> assertThat(detail).isEqualTo("index version 2 behind the item's 4"))
                .anySatisfy(detail -> assertThat(detail).isEqualTo("index version 4 but other content: description"));
        assertThat(report.findingsOf(IndexDriftClass.MISSING_DOCUMENT))
                .extracting(IndexFinding::detail)
                .anySatisfy(detail -> assertThat(detail).isEqualTo("no document; want index version 6"))
                .anySatisfy(detail -> assertThat(detail).isEqualTo("tombstone at index version 3 below the item's 6"));
        assertThat(report.findingsOf(IndexDriftClass.ORPHAN_DOCUMENT))
                .extracting(IndexFinding::detail)
                .anySatisfy(detail -> assertThat(detail).endsWith("its item does not exist"))
                .anySatisfy(
                        detail -> assertThat(detail).endsWith("its item is a business, which the index does not hold"));
    }

    @Test
    void repair_shouldFixEveryRepairableFinding_andLeaveTheDocumentAheadAlone() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample, sample.customer2);
        Corruption corruption = corrupt(sample, index);
        index.refresh();
        IndexReport found = verify(sample, index);

        // WHEN
        IndexRepairResult result = repair(sample, index, found);
        IndexReport after = verify(sample, index);

        // THEN 6 written; the re-verify (no refresh: confirmed by id) has only the document ahead left
        assertThat(result.count(IndexRepairResult.Outcome.REPAIRED))
                .as("%s", result.attempts())
                .isEqualTo(6);
        assertThat(result.skipped()).isZero();
        assertThat(result.count(IndexRepairResult.Outcome.FAILED)).isZero();
        assertThat(result.notRepairable()).isEqualTo(1);
        assertThat(after.findings())
                .extracting(IndexFinding::driftClass, IndexFinding::id)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(
                        IndexDriftClass.DOCUMENT_AHEAD_OF_ITEM, corruption.ahead()));
        // the missing and stale ones at their item's version and content
        DeclaredItem store1 = sample.store1.withVersion(2, NOW);
        assertThat(index.version(store1.id(), store1.businessId())).isEqualTo(4);
        assertThat(index.source(store1.id(), store1.businessId()))
                .isEqualTo(normalised(SampleIndex.documentOf(store1)));
        assertThat(index.version(sample.customer2.id(), sample.customer2.businessId()))
                .isEqualTo(6);
        // orphans are tombstones one above the live version, so a late record of it cannot bring them back
        assertThat(index.version(corruption.goneCustomer().id(), SampleTable.BUSINESS_ID))
                .isEqualTo(5);
        assertThat(index.source(corruption.goneCustomer().id(), SampleTable.BUSINESS_ID))
                .containsEntry(SearchFields.DELETED, true)
                .containsEntry(SearchFields.ID, corruption.goneCustomer().id())
                .doesNotContainKey(SearchFields.FIRST_NAME);
        assertThat(index.source(sample.business.id(), SampleTable.BUSINESS_ID))
                .containsEntry(SearchFields.DELETED, true);
        // the document ahead is still ahead
        assertThat(index.version(sample.customer1.id(), sample.customer1.businessId()))
                .isEqualTo(8);
    }

    @Test
    void repair_shouldSkip_whenTheIndexGotANewerVersionAfterTheRead() {
        // GIVEN a stale store document found...
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);
        sample.putCore(sample.store1.withVersion(2, NOW));
        IndexReport found = verify(sample, index);
        assertThat(ids(found, IndexDriftClass.STALE_DOCUMENT)).containsExactly(sample.store1.id());
        // ...then the store changed again and the indexer wrote it before the repair
        DeclaredItem newer =
                SampleSubjects.renamedStore(sample.store1, "Uptown").withVersion(3, NOW);
        sample.putCore(newer);
        index.put(SampleIndex.documentOf(newer));

        // WHEN
        IndexRepairResult result = repair(sample, index, found);

        // THEN refused by the engine (409): skipped, and the newer document stays
        assertThat(result.attempts())
                .extracting(IndexRepairResult.Attempt::outcome)
                .containsExactly(IndexRepairResult.Outcome.SKIPPED_NEWER_IN_INDEX);
        assertThat(index.version(newer.id(), newer.businessId())).isEqualTo(6);
        assertThat(index.source(newer.id(), newer.businessId())).containsEntry(SearchFields.NAME, "Uptown");
        assertThat(verify(sample, index).findings()).isEmpty();
    }

    @Test
    void repair_shouldNotTombstoneAnOrphan_whoseItemWasCreatedAfterTheScan() {
        // GIVEN a customer's document indexed while the Scan missed its item (created after it)
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);
        DeclaredItem late = customer("Late", "Comer", 1);
        index.put(SampleIndex.documentOf(late));
        index.refresh();
        IndexReport found = verify(sample, index);
        assertThat(ids(found, IndexDriftClass.ORPHAN_DOCUMENT)).containsExactly(late.id());
        sample.putCore(late);

        // WHEN
        IndexRepairResult result = repair(sample, index, found);

        // THEN
        assertThat(result.attempts())
                .extracting(IndexRepairResult.Attempt::outcome)
                .containsExactly(IndexRepairResult.Outcome.SKIPPED_ITEM_EXISTS);
        assertThat(index.source(late.id(), late.businessId())).containsEntry(SearchFields.DELETED, false);
        assertThat(verify(sample, index).findings()).isEmpty();
    }

    @Test
    void driftCheck_shouldReportTheIndexFindings_withTheSameScan() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);
        index.delete(sample.customer2.id(), sample.customer2.businessId());

        // WHEN
        DriftCheck check = DriftCheck.of(dynamo, sample.table).withSearch(search, index.name);

        // THEN
        assertThat(check.clean()).isTrue();
        assertThat(check.indexFindings())
                .containsExactly(
                        "missing document  customer " + sample.customer2.id() + ": no document; want index version 6");
        assertThat(check.indexCountsByClass())
                .containsExactly(
                        Map.entry("missing document", 1L),
                        Map.entry("stale document", 0L),
                        Map.entry("orphan document", 0L),
                        Map.entry("document ahead of item", 0L));
        assertThat(check.toString()).contains("1 index findings");
    }

    @Test
    void repair_shouldSkipADocumentDeletedOutright_whileTheIndexRemembersItsVersion() {
        // GIVEN a document deleted outright (the indexer never does: it writes tombstones)
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample);
        index.delete(sample.customer2.id(), sample.customer2.businessId());
        IndexReport found = verify(sample, index);
        assertThat(ids(found, IndexDriftClass.MISSING_DOCUMENT)).containsExactly(sample.customer2.id());

        // WHEN
        IndexRepairResult result = repair(sample, index, found);

        // THEN the delete's version is above the item's for the index's gc_deletes: refused, skipped, not failed
        assertThat(result.attempts()).singleElement().satisfies(attempt -> {
            assertThat(attempt.outcome()).isEqualTo(IndexRepairResult.Outcome.SKIPPED_NEWER_IN_INDEX);
            assertThat(attempt.message()).contains("deleted outright less than a minute ago");
        });
    }

    /**
     * One corruption per class (and a tombstone that is not one), on an index built without customer2's document:
     * foreignStore
     * deleted in the index (a tombstone at its version 1) and then updated to version 3 in the table; store1 updated
     * to version 2 in the table only; the order's description altered at its version; the document of a customer that
     * is not in the table and one with the business's id; customer1's document at version 4 while the table has 3; and
     * the tombstone of a deleted customer, which is correct.
     */
    private static Corruption corrupt(SampleTable sample, SampleIndex index) {
        SearchDocument foreignLive = SampleIndex.documentOf(sample.foreignStore);
        index.put(tombstoneOf(foreignLive, 1));
        sample.putCore(sample.foreignStore.withVersion(3, NOW));

        sample.putCore(sample.store1.withVersion(2, NOW));

        SearchDocument order = SampleIndex.documentOf(sample.order);
        Map<String, List<String>> text = new java.util.HashMap<>(order.text());
        text.put(SearchFields.DESCRIPTION, List.of("Red pen"));
        index.overwrite(
                new SearchDocument(
                        order.type(),
                        order.id(),
                        order.businessId(),
                        order.version(),
                        false,
                        order.changedAt(),
                        order.title(),
                        text),
                order.indexVersion());

        DeclaredItem gone = customer("Gone", "Away", 2);
        index.put(SampleIndex.documentOf(gone));
        index.put(new SearchDocument(
                Entity.CUSTOMER.keyName(),
                sample.business.id(),
                sample.business.id(),
                1,
                false,
                NOW,
                "Acme",
                Map.of()));
        index.put(tombstoneOf(SampleIndex.documentOf(customer("Long", "Gone", 4)), 4));

        index.put(SampleIndex.documentOf(sample.customer1.withVersion(4, NOW)));

        return new Corruption(
                List.of(sample.customer2.id(), sample.foreignStore.id()),
                List.of(sample.store1.id(), sample.order.id()),
                List.of(gone.id(), sample.business.id()),
                sample.customer1.id(),
                gone);
    }

    private record Corruption(
            List<String> missing, List<String> stale, List<String> orphans, String ahead, DeclaredItem goneCustomer) {}

    private static SearchDocument tombstoneOf(SearchDocument live, long version) {
        return new SearchDocument(live.type(), live.id(), live.businessId(), version, true, NOW, null, Map.of());
    }

    private static DeclaredItem customer(String first, String last, long version) {
        String customerId = Ids.newId();
        return SampleSubjects.customer(
                customerId,
                SampleTable.BUSINESS_ID,
                first,
                last,
                null,
                Map.of(),
                Set.of(),
                new CoreFields(Set.of(), version, SampleTable.T0, SampleTable.T0),
                Shard.legacy(customerId));
    }

    private static Map<String, Object> normalised(SearchDocument document) {
        try {
            com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
            return json.readValue(json.writeValueAsString(document.toMap()), Map.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static IndexReport verify(SampleTable sample, SampleIndex index) {
        ScannedTable table = new TableScan(dynamo, sample.table, 2).run(new ScanProgress(2));
        return new IndexTarget(search, index.name).verify(table, new AtomicLong());
    }

    private static IndexRepairResult repair(SampleTable sample, SampleIndex index, IndexReport found) {
        return new IndexTarget(search, index.name)
                .repair(found, dynamo, sample.table, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static List<String> ids(IndexReport report, IndexDriftClass driftClass) {
        return report.findingsOf(driftClass).stream().map(IndexFinding::id).toList();
    }

    private static String newTable() {
        String table = "search" + TABLES.incrementAndGet();
        local.createTable(table);
        return table;
    }
}
