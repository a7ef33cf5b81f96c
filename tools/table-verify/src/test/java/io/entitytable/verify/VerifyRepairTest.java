package io.entitytable.verify;

import static io.entitytable.verify.SampleTable.ref;
import static io.entitytable.verify.SampleTable.storeRef;
import static io.entitytable.verify.SampleTable.tag;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.CanonicalItem;
import io.entitytable.checks.DriftCheck;
import io.entitytable.checks.DriftClass;
import io.entitytable.checks.DriftDetector;
import io.entitytable.checks.DriftReport;
import io.entitytable.checks.Finding;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.TableScan;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.model.supplier.Supplier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The drift classes on a table corrupted on purpose, repair, and {@link DriftCheck} (the same check for other modules'
 * tests) against the local DynamoDB engine.
 */
class VerifyRepairTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final int SEGMENTS = 3;

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void verify_shouldBeClean_whenEveryCopyMatchesItsSource() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());

        // WHEN
        DriftReport report = verify(sample);

        // THEN 8 core items, 1 order line; 5 tag copies (flagship, vip, red, red+rush), the order's SKU copy and 3
        // links x 2 edges
        assertThat(report.findings()).isEmpty();
        assertThat(report.clean()).isTrue();
        assertThat(report.table().coreItems()).isEqualTo(8);
        assertThat(report.table().otherItems()).isEqualTo(1);
        assertThat(report.table().duplicates()).hasSize(12).hasSize(sample.duplicateCount());
        // The sample's 21 items and the backfill progress items every new table is created with.
        assertThat(report.table().itemsScanned()).isEqualTo(sample.itemCount() + IndexBackfill.ALL.size());
        assertThat(report.counts().values()).containsOnly(0L);
    }

    @Test
    void verify_shouldBeClean_whenASupplierAndItsTagCopiesMatch() {
        // GIVEN the sample and a supplier, the test-only entity, with its two tag copies
        SampleTable sample = SampleTable.write(dynamo, newTable());
        DeclaredItem supplier = Supplier.of(SampleTable.BUSINESS_ID, "Fresh Farms", Set.of("dairy", "local"));
        sample.putCore(supplier);
        sample.writeAllDuplicates();

        // WHEN
        DriftReport report = verify(sample);

        // THEN its core item and copies are known like any other subject's
        assertThat(report.findings()).isEmpty();
        assertThat(report.table().coreItems()).isEqualTo(9);
        assertThat(report.table().core(ref(supplier))).isPresent();
        assertThat(report.table().duplicates())
                .hasSize(sample.duplicateCount())
                .containsKeys(new ItemKey(tag("dairy"), ref(supplier)), new ItemKey(tag("local"), ref(supplier)));
    }

    @Test
    void repair_shouldRewriteASuppliersMissingAndStaleTagCopies_fromItsDefinition() {
        // GIVEN a supplier renamed (its key moved, version 2) whose copies still carry version 1, one of them lost
        SampleTable sample = SampleTable.write(dynamo, newTable());
        DeclaredItem supplier = Supplier.of(SampleTable.BUSINESS_ID, "Fresh Farms", Set.of("dairy", "local"));
        sample.putCore(supplier);
        sample.writeAllDuplicates();
        DeclaredItem renamed =
                Supplier.renamed(supplier, "Green Valley").withVersion(2, SampleTable.T0.plusSeconds(60));
        sample.delete(supplier.id(), supplier.type());
        sample.putCore(renamed);
        sample.delete(tag("local"), ref(supplier));

        // WHEN
        DriftReport found = verify(sample);
        RepairResult result = repair(sample, found);
        DriftReport after = verify(sample);

        // THEN one copy was missing and one stale; both now copy the renamed supplier
        assertThat(keys(found, DriftClass.MISSING_COPY)).containsExactly(new ItemKey(tag("local"), ref(supplier)));
        assertThat(keys(found, DriftClass.STALE_COPY)).containsExactly(new ItemKey(tag("dairy"), ref(supplier)));
        assertThat(found.findings()).hasSize(2);
        assertThat(result.count(RepairOutcome.REPAIRED)).isEqualTo(2);
        assertThat(after.findings()).isEmpty();
        for (String partition : List.of(tag("dairy"), tag("local"))) {
            Map<String, AttributeValue> copy = sample.get(partition, ref(renamed));
            assertThat(Values.string(copy, Attributes.NAME)).isEqualTo("Green Valley");
            assertThat(CanonicalItem.sameContent(copy, sample.copyOf(renamed, partition)))
                    .isTrue();
        }
    }

    @Test
    void verify_shouldCountRequestLimitItemsAsOtherItems_neverAsDriftNorForMigration() {
        // GIVEN a clean table with the API's count of a business's requests and of a caller's
        SampleTable sample = SampleTable.write(dynamo, newTable());
        List<Map<String, AttributeValue>> rates = List.of(
                rateItem(RequestLimits.businessKey(SampleTable.BUSINESS_ID)), rateItem(RequestLimits.callerKey("ann")));
        rates.forEach(item -> dynamo.putItem(put -> put.tableName(sample.table).item(item)));

        // WHEN
        DriftReport report = verify(sample);

        // THEN they are counted as other items, and there is no drift; a migration leaves them behind
        assertThat(report.findings()).isEmpty();
        assertThat(report.table().otherItems()).isEqualTo(1 + rates.size());
        assertThat(report.table().itemsScanned())
                .isEqualTo(sample.itemCount() + IndexBackfill.ALL.size() + rates.size());
        ItemCopy copy = new ItemCopy(dynamo, "no-such-target");
        assertThat(rates).allSatisfy(item -> assertThat(copy.copy(item)).isEqualTo(ItemCopy.Outcome.OTHER_SKIPPED));
    }

    private static Map<String, AttributeValue> rateItem(ItemKey key) {
        Map<String, AttributeValue> item = new HashMap<>(key.toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.RATE.value()));
        item.put(Attributes.RATE_GRANTED_UNTIL, Values.n(1_767_225_600_000_000L));
        return item;
    }

    @Test
    void verify_shouldReportEachCorruptionInItsClass() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        Corruption corruption = corrupt(sample);

        // WHEN
        DriftReport report = verify(sample);

        // THEN
        assertThat(keys(report, DriftClass.MISSING_COPY)).containsExactlyInAnyOrderElementsOf(corruption.missing());
        assertThat(keys(report, DriftClass.STALE_COPY)).containsExactlyInAnyOrderElementsOf(corruption.stale());
        assertThat(keys(report, DriftClass.ORPHANED_COPY)).containsExactlyInAnyOrderElementsOf(corruption.orphaned());
        assertThat(keys(report, DriftClass.INDEX_ATTRIBUTE_LEAK))
                .containsExactlyInAnyOrderElementsOf(corruption.leaking());
        assertThat(keys(report, DriftClass.COPY_AHEAD_OF_SOURCE)).containsExactly(corruption.ahead());
        assertThat(keys(report, DriftClass.DANGLING_REFERENCE)).containsExactly(corruption.dangling());
        assertThat(report.counts())
                .containsEntry(DriftClass.MISSING_COPY, 2L)
                .containsEntry(DriftClass.ORPHANED_COPY, 4L)
                .containsEntry(DriftClass.STALE_COPY, 2L)
                .containsEntry(DriftClass.COPY_AHEAD_OF_SOURCE, 1L)
                .containsEntry(DriftClass.INDEX_ATTRIBUTE_LEAK, 1L)
                .containsEntry(DriftClass.DANGLING_REFERENCE, 1L);
        assertThat(report.findingsOf(DriftClass.ORPHANED_COPY))
                .extracting(Finding::detail)
                .anySatisfy(detail -> assertThat(detail).contains("does not carry tag blue"))
                .anySatisfy(detail -> assertThat(detail).contains("source").contains("does not exist"))
                .anySatisfy(detail ->
                        assertThat(detail).contains("store " + corruption.missingStoreId() + " does not exist"));
        assertThat(report.findingsOf(DriftClass.STALE_COPY))
                .extracting(Finding::detail)
                .anySatisfy(detail -> assertThat(detail).contains("other content: name"))
                .anySatisfy(detail -> assertThat(detail).contains("sourceVersion 1 behind the source's version 2"));
        assertThat(report.findingsOf(DriftClass.DANGLING_REFERENCE).get(0).detail())
                .contains(corruption.missingStoreId())
                .contains("not repaired");
    }

    @Test
    void repair_shouldFixEveryRepairableFinding_andLeaveDanglingReferenceAndCopyAheadAlone() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        Corruption corruption = corrupt(sample);
        DriftReport found = verify(sample);

        // WHEN
        RepairResult result = repair(sample, found);
        DriftReport after = verify(sample);

        // THEN
        assertThat(result.count(RepairOutcome.REPAIRED)).isEqualTo(9);
        assertThat(result.skipped()).isZero();
        assertThat(result.count(RepairOutcome.FAILED)).isZero();
        assertThat(result.notRepairable()).isEqualTo(2);
        assertThat(after.findings())
                .extracting(Finding::driftClass)
                .containsExactlyInAnyOrder(DriftClass.DANGLING_REFERENCE, DriftClass.COPY_AHEAD_OF_SOURCE);
        // the copy ahead of its source was not moved backwards
        Map<String, AttributeValue> ahead =
                sample.get(corruption.ahead().id(), corruption.ahead().type());
        assertThat(Values.number(ahead, Attributes.SOURCE_VERSION)).isEqualTo(9);
        // orphans are gone, repaired copies are exactly what the catalogue builds
        for (ItemKey orphan : corruption.orphaned()) {
            assertThat(sample.get(orphan.id(), orphan.type())).isEmpty();
        }
        Map<String, AttributeValue> leaked = sample.get(
                corruption.leaking().get(0).id(), corruption.leaking().get(0).type());
        assertThat(leaked).doesNotContainKey(Attributes.BUSINESS_SHARD);
        assertThat(CanonicalItem.sameContent(
                        sample.get(ref(sample.customer1), storeRef(sample.store2.id())),
                        sample.copyOf(sample.store2, ref(sample.customer1))))
                .isTrue();
    }

    @Test
    void repair_shouldDeleteATombstoneBesideItsLiveSubject_andLeaveTheTombstoneOfAGoneOne() {
        // GIVEN the sample with a tombstone beside a live customer (as an earlier version of the tenant import left
        // them), and the tombstone of a customer that is gone
        SampleTable sample = SampleTable.write(dynamo, newTable());
        sample.put(Tombstone.of(sample.customer1.toItem()));
        String goneId = Ids.newId();
        sample.put(Tombstone.of(Map.of(Attributes.ID, Values.s(goneId), Attributes.VERSION, Values.n(3))));
        DriftReport found = verify(sample);

        // WHEN
        RepairResult result = repair(sample, found);
        DriftReport after = verify(sample);

        // THEN the one beside its subject is drift, and repair deletes it; the other is what a delete leaves
        assertThat(found.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.driftClass()).isEqualTo(DriftClass.TOMBSTONE_OF_LIVE_SUBJECT);
            assertThat(finding.key()).isEqualTo(Tombstone.keyOf(sample.customer1.id()));
        });
        assertThat(result.count(RepairOutcome.REPAIRED)).isEqualTo(1);
        assertThat(after.findings()).isEmpty();
        assertThat(sample.get(sample.customer1.id(), Keys.TOMBSTONE_TYPE)).isEmpty();
        assertThat(sample.get(goneId, Keys.TOMBSTONE_TYPE)).isNotEmpty();
        assertThat(sample.get(sample.customer1.id(), sample.customer1.type())).isNotEmpty();
    }

    @Test
    void repair_shouldGiveCustomersTheEmailIndexAttributesTheirRecordsWrite_onceTheBackfillIsReady() {
        // GIVEN a table created with pattern 14 (its backfill ready), Ann's item without its email index key (written
        // around the API) and Bob's with the key of an email he no longer has
        SampleTable sample = SampleTable.write(dynamo, newTable());
        Map<String, AttributeValue> ann = withoutEmailIndexKey(sample, sample.customer1);
        Map<String, AttributeValue> bob = new HashMap<>(sample.customer2.toItem());
        bob.put(Attributes.GSI1_PK, Values.s(Keys.customerEmailPk(SampleTable.BUSINESS_ID, "old@example.com")));
        sample.put(bob);
        DriftReport found = verify(sample);

        // WHEN
        RepairResult result = repair(sample, found);
        DriftReport after = verify(sample);

        // THEN both are found and given what their records write, at the version they had
        assertThat(found.findings()).hasSize(2);
        assertThat(keys(found, DriftClass.STALE_INDEX_ATTRIBUTES))
                .containsExactlyInAnyOrder(ItemKey.of(ann), ItemKey.of(bob));
        assertThat(found.findingsOf(DriftClass.STALE_INDEX_ATTRIBUTES))
                .extracting(Finding::detail)
                .anySatisfy(detail -> assertThat(detail).contains("gsi1pk absent, its record writes"))
                .anySatisfy(detail -> assertThat(detail).contains("old@example.com"));
        assertThat(result.count(RepairOutcome.REPAIRED)).isEqualTo(2);
        assertThat(after.findings()).isEmpty();
        for (DeclaredItem customer : List.of(sample.customer1, sample.customer2)) {
            Map<String, AttributeValue> item = sample.get(customer.id(), customer.type());
            assertThat(item.get(Attributes.GSI1_PK).s())
                    .isEqualTo(Keys.customerEmailPk(
                            SampleTable.BUSINESS_ID,
                            customer.text(Attributes.EMAIL).orElse(null)));
            assertThat(item).isEqualTo(customer.toItem());
        }
    }

    @Test
    void verify_shouldLeaveIndexAttributesToTheBackfill_whileItRuns_andRepairToAWriteMadeSinceTheScan() {
        // GIVEN Ann's item without its email index key
        SampleTable sample = SampleTable.write(dynamo, newTable());
        Map<String, AttributeValue> ann = withoutEmailIndexKey(sample, sample.customer1);
        BackfillProgressItems progress = new BackfillProgressItems(dynamo, sample.table);
        BackfillProgress ready = progress.read(IndexBackfill.CUSTOMERS_BY_EMAIL).orElseThrow();

        // WHEN the backfill is still running
        sample.put(BackfillProgress.starting(IndexBackfill.CUSTOMERS_BY_EMAIL.name(), 20, SampleTable.T0)
                .toItem());
        DriftReport running = verify(sample);
        // ... and once it is ready, the API changes Ann after the Scan (and writes her index key itself)
        sample.put(ready.toItem());
        DriftReport found = verify(sample);
        DeclaredItem changed = sample.customer1
                .with(Map.of(Attributes.EMAIL, "ann@new.example.com"))
                .withVersion(4, SampleTable.T0.plusSeconds(600));
        sample.putCore(changed);
        RepairResult result = repair(sample, found);

        // THEN nothing while it runs; then found, and the repair leaves the newer write alone
        assertThat(running.findingsOf(DriftClass.STALE_INDEX_ATTRIBUTES)).isEmpty();
        assertThat(keys(found, DriftClass.STALE_INDEX_ATTRIBUTES)).containsExactly(ItemKey.of(ann));
        assertThat(result.count(RepairOutcome.SKIPPED_SOURCE_CHANGED)).isEqualTo(1);
        assertThat(sample.get(changed.id(), changed.type())).isEqualTo(changed.toItem());
    }

    @Test
    void repair_shouldBeCancelled_whenTheSourceChangedAfterTheScan() {
        // GIVEN a missing tag copy, found by the scan
        SampleTable sample = SampleTable.write(dynamo, newTable());
        sample.delete(tag("vip"), ref(sample.customer1));
        DriftReport found = verify(sample);
        assertThat(keys(found, DriftClass.MISSING_COPY))
                .containsExactly(new ItemKey(tag("vip"), ref(sample.customer1)));
        // ... then the API changes the customer and the fan-out writes its copies at version 4
        DeclaredItem changed = sample.customer1
                .with(Map.of(Attributes.EMAIL, "ann@new.example.com"))
                .withVersion(4, SampleTable.T0.plusSeconds(600));
        sample.putCore(changed);
        sample.refreshCopiesOf(changed);

        // WHEN
        RepairResult result = repair(sample, found);

        // THEN
        assertThat(result.attempts())
                .singleElement()
                .extracting(RepairResult.Attempt::outcome)
                .isEqualTo(RepairOutcome.SKIPPED_SOURCE_CHANGED);
        Map<String, AttributeValue> copy = sample.get(tag("vip"), ref(sample.customer1));
        assertThat(Values.number(copy, Attributes.SOURCE_VERSION)).isEqualTo(4);
        assertThat(Values.string(copy, Attributes.EMAIL)).isEqualTo("ann@new.example.com");
        assertThat(verify(sample).clean()).isTrue();
    }

    @Test
    void repair_shouldNeverOverwriteACopyNewerThanTheImageItRead() {
        // GIVEN a stale copy (sourceVersion 2, source at 3) as the scan saw it
        SampleTable sample = SampleTable.write(dynamo, newTable());
        ItemKey key = new ItemKey(tag("vip"), ref(sample.customer1));
        Map<String, AttributeValue> stale = new HashMap<>(sample.copyOf(sample.customer1, tag("vip")));
        stale.put(Attributes.SOURCE_VERSION, Values.n(2));
        sample.put(stale);
        Finding finding = verify(sample).findingsOf(DriftClass.STALE_COPY).get(0);
        assertThat(finding.key()).isEqualTo(key);
        // ... then a copy of a newer image lands (version 5: the core item moved on, its guard is not what is tested)
        DeclaredItem newer = sample.customer1.withVersion(5, SampleTable.T0.plusSeconds(900));
        sample.put(sample.copyOf(newer, tag("vip")));
        Finding unguarded = new Finding(
                finding.driftClass(), key, finding.detail(), finding.found(), finding.expected(), List.of());

        // WHEN the repair of the finding runs on the copy's condition alone
        RepairResult.Attempt attempt = new CopyRepair(dynamo, sample.table, 1).attempt(unguarded, new DoubleAdder());

        // THEN it is refused and the newer copy stays
        assertThat(attempt.outcome()).isEqualTo(RepairOutcome.SKIPPED_COPY_CHANGED);
        assertThat(Values.number(sample.get(key.id(), key.type()), Attributes.SOURCE_VERSION))
                .isEqualTo(5);
    }

    @Test
    void repair_shouldNotDeleteAnEdge_whenTheCustomerLinkedTheStoreAfterTheScan() {
        // GIVEN an orphaned edge customer#C2 / store#S2 (C2 does not list S2), found by the scan
        SampleTable sample = SampleTable.write(dynamo, newTable());
        sample.put(sample.copyOf(sample.store2, ref(sample.customer2)));
        DriftReport found = verify(sample);
        assertThat(keys(found, DriftClass.ORPHANED_COPY))
                .containsExactly(new ItemKey(ref(sample.customer2), storeRef(sample.store2.id())));
        // ... then the API links C2 to S2 and the fan-out writes both edges: the copy of S2 has the same
        // sourceVersion as the orphan had, so only the check of C2's version can tell
        DeclaredItem linked = sample.customer2
                .withLinked(Set.of(sample.store1.id(), sample.store2.id()))
                .withVersion(4, SampleTable.T0.plusSeconds(600));
        sample.putCore(linked);
        sample.writeAllDuplicates();

        // WHEN
        RepairResult result = repair(sample, found);

        // THEN
        assertThat(result.attempts())
                .singleElement()
                .extracting(RepairResult.Attempt::outcome)
                .isEqualTo(RepairOutcome.SKIPPED_SOURCE_CHANGED);
        assertThat(sample.get(ref(sample.customer2), storeRef(sample.store2.id())))
                .isNotEmpty();
        assertThat(verify(sample).clean()).isTrue();
    }

    @Test
    void verify_shouldReportDanglingReference_whenTheStoreBelongsToAnotherBusiness() {
        // GIVEN customer 1 lists a store of another business, and the fan-out wrote both edges
        SampleTable sample = SampleTable.write(dynamo, newTable());
        DeclaredItem crossLinked = sample.customer1
                .withLinked(Set.of(sample.store1.id(), sample.store2.id(), sample.foreignStore.id()))
                .withVersion(4, SampleTable.T0.plusSeconds(600));
        sample.putCore(crossLinked);
        sample.writeAllDuplicates();

        // WHEN
        DriftReport report = verify(sample);

        // THEN only the reference is reported; the edges are what the fan-out writes for it
        assertThat(report.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.driftClass()).isEqualTo(DriftClass.DANGLING_REFERENCE);
            assertThat(finding.key().id()).isEqualTo(sample.customer1.id());
            assertThat(finding.detail()).contains("belongs to business " + sample.otherBusiness.id());
        });
    }

    // DriftCheck: the entry point other modules' tests use, the same findings from a client and a table name

    @Test
    void driftCheck_shouldBeClean_andListEveryDuplicate_whenEveryCopyMatchesItsSource() {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());

        // WHEN
        DriftCheck check = DriftCheck.of(dynamo, sample.table);

        // THEN
        assertThat(check.clean()).isTrue();
        assertThat(check.findings()).isEmpty();
        assertThat(check.copyFindings()).isEmpty();
        assertThat(check.coreItems()).isEqualTo(8);
        List<Map<String, AttributeValue>> expected = sample.expectedDuplicates();
        assertThat(check.duplicates()).hasSize(expected.size()).allSatisfy(copy -> assertThat(expected)
                .anySatisfy(want ->
                        assertThat(CanonicalItem.sameContent(copy, want)).isTrue()));
        assertThat(check.toString())
                .startsWith("0 findings over 8 core items and " + sample.duplicateCount() + " duplicates");
    }

    @Test
    void driftCheck_shouldDescribeEveryFinding_andKeepDanglingReferencesOutOfTheCopyFindings_whenTheTableDrifted() {
        // GIVEN the damage of every class
        SampleTable sample = SampleTable.write(dynamo, newTable());
        Corruption corruption = corrupt(sample);

        // WHEN
        DriftCheck check = DriftCheck.of(dynamo, sample.table);

        // THEN one line per finding, as verify prints them
        assertThat(check.clean()).isFalse();
        assertThat(check.findings())
                .hasSize(11)
                .contains("dangling reference  " + corruption.dangling() + ": storeIds names store "
                        + corruption.missingStoreId() + " does not exist (not repaired: core items are the API's;"
                        + " unlink it there)")
                .anySatisfy(line -> assertThat(line)
                        .startsWith("missing copy  " + corruption.missing().get(0)))
                .anySatisfy(line -> assertThat(line).startsWith("orphaned copy  "))
                .anySatisfy(line -> assertThat(line).startsWith("stale copy  "))
                .anySatisfy(line -> assertThat(line).startsWith("index-attribute leak  "))
                .anySatisfy(line -> assertThat(line).startsWith("copy ahead of source  " + corruption.ahead()));
        // AND the copies' findings are all of them but the one about a core item
        assertThat(check.copyFindings()).hasSize(10).noneSatisfy(line -> assertThat(line)
                .startsWith("dangling reference"));
        assertThat(check.toString())
                .startsWith("11 findings over 8 core items and ")
                .contains(check.findings());
        // AND counted by class, every class listed
        assertThat(check.countsByClass())
                .containsExactly(
                        Map.entry("missing copy", (long) corruption.missing().size()),
                        Map.entry("orphaned copy", (long) corruption.orphaned().size()),
                        Map.entry("stale copy", (long) corruption.stale().size()),
                        Map.entry("copy ahead of source", 1L),
                        Map.entry("index-attribute leak", (long)
                                corruption.leaking().size()),
                        Map.entry("dangling reference", 1L),
                        Map.entry("tombstone of a live subject", 0L),
                        Map.entry("missing unique marker", 0L),
                        Map.entry("orphan unique marker", 0L),
                        Map.entry("duplicate unique value", 0L),
                        Map.entry("stale index attributes", 0L));
    }

    /** The keys of each kind of damage done by {@link #corrupt}. */
    record Corruption(
            List<ItemKey> missing,
            List<ItemKey> stale,
            List<ItemKey> orphaned,
            List<ItemKey> leaking,
            ItemKey ahead,
            ItemKey dangling,
            String missingStoreId) {}

    /**
     * Damages a sample table in every way the tool knows. First, as the API plus a healthy fan-out would leave it after a
     * store was deleted while customer 2 still listed it: customer 2 at version 4 listing a store that does not exist,
     * its copies refreshed. Then raw writes.
     */
    static Corruption corrupt(SampleTable sample) {
        String missingStoreId = Ids.newId();
        DeclaredItem customer2 = sample.customer2
                .withLinked(Set.of(sample.store1.id(), missingStoreId))
                .withVersion(4, SampleTable.T0.plusSeconds(300));
        sample.putCore(customer2);
        sample.refreshCopiesOf(customer2);

        // missing: two copies deleted
        ItemKey missingTag = new ItemKey(tag("vip"), ref(sample.customer1));
        ItemKey missingEdge = new ItemKey(storeRef(sample.store1.id()), ref(customer2));
        sample.delete(missingTag.id(), missingTag.type());
        sample.delete(missingEdge.id(), missingEdge.type());

        // stale: an attribute altered; a sourceVersion lowered
        ItemKey altered = new ItemKey(ref(sample.customer1), storeRef(sample.store2.id()));
        Map<String, AttributeValue> alteredCopy = new HashMap<>(sample.copyOf(sample.store2, altered.id()));
        alteredCopy.put(Attributes.NAME, Values.s("Wrong name"));
        sample.put(alteredCopy);
        ItemKey lowered = new ItemKey(tag("red"), ref(sample.order));
        Map<String, AttributeValue> loweredCopy = new HashMap<>(sample.copyOf(sample.order, lowered.id()));
        loweredCopy.put(Attributes.SOURCE_VERSION, Values.n(1));
        sample.put(loweredCopy);

        // orphaned: a tag the customer does not carry; a copy of a store that never existed; both leftover edges of
        // the deleted store (neither may exist while the store is gone)
        ItemKey notImplied = new ItemKey(tag("blue"), ref(customer2));
        sample.put(sample.copyOf(customer2, notImplied.id()));
        DeclaredItem ghost = SampleSubjects.renamedStore(sample.store2, "Ghost");
        String storeId = Ids.newId();
        DeclaredItem ghostWithOwnId = SampleSubjects.store(
                storeId,
                ghost.businessId(),
                SampleSubjects.storeName(ghost),
                SampleSubjects.storeAddress(ghost),
                new CoreFields(ghost.tags(), 1, ghost.createdAt(), ghost.updatedAt()),
                Shard.legacy(storeId));
        ItemKey sourceGone = new ItemKey(tag("red"), ref(ghostWithOwnId));
        sample.put(sample.copyOf(ghostWithOwnId, sourceGone.id()));
        ItemKey leftoverEdge = new ItemKey(storeRef(missingStoreId), ref(customer2));
        sample.put(sample.copyOf(customer2, leftoverEdge.id()));
        DeclaredItem deletedStore = SampleSubjects.store(
                missingStoreId,
                sample.business.id(),
                "Deleted",
                SampleSubjects.storeAddress(sample.store2),
                CoreFields.created(Set.of(), SampleTable.T0),
                Shard.legacy(missingStoreId));
        ItemKey leftoverCustomerEdge = new ItemKey(ref(customer2), storeRef(missingStoreId));
        sample.put(sample.copyOf(deletedStore, leftoverCustomerEdge.id()));

        // index-attribute leak
        ItemKey leak = new ItemKey(storeRef(sample.store1.id()), ref(sample.customer1));
        Map<String, AttributeValue> leakingCopy = new HashMap<>(sample.copyOf(sample.customer1, leak.id()));
        leakingCopy.put(
                Attributes.BUSINESS_SHARD,
                Values.s(BusinessShards.partitionOf(sample.business.id(), sample.customer1.id())));
        sample.put(leakingCopy);

        // ahead of its source: sourceVersion 9, the order is at 2
        ItemKey ahead = new ItemKey(tag("rush"), ref(sample.order));
        Map<String, AttributeValue> aheadCopy = new HashMap<>(sample.copyOf(sample.order, ahead.id()));
        aheadCopy.put(Attributes.SOURCE_VERSION, Values.n(9));
        sample.put(aheadCopy);

        return new Corruption(
                List.of(missingTag, missingEdge),
                List.of(altered, lowered),
                List.of(notImplied, sourceGone, leftoverEdge, leftoverCustomerEdge),
                List.of(leak),
                ahead,
                new ItemKey(customer2.id(), customer2.type()),
                missingStoreId);
    }

    /** Writes {@code customer} as the version before pattern 14 did: without its email index key. */
    private static Map<String, AttributeValue> withoutEmailIndexKey(SampleTable sample, DeclaredItem customer) {
        Map<String, AttributeValue> item = new HashMap<>(customer.toItem());
        item.remove(Attributes.GSI1_PK);
        item.remove(Attributes.GSI1_SK);
        sample.put(item);
        return item;
    }

    private static DriftReport verify(SampleTable sample) {
        return DriftDetector.detect(new TableScan(dynamo, sample.table, SEGMENTS).run(new ScanProgress(SEGMENTS)));
    }

    private static RepairResult repair(SampleTable sample, DriftReport found) {
        return new CopyRepair(dynamo, sample.table, 2).repair(found, new AtomicLong());
    }

    private static List<ItemKey> keys(DriftReport report, DriftClass driftClass) {
        return report.findingsOf(driftClass).stream().map(Finding::key).toList();
    }

    private static String newTable() {
        String table = "verify" + TABLES.incrementAndGet();
        local.createTable(table);
        return table;
    }
}
