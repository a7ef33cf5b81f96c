package io.entitytable.checks;

import static io.entitytable.checks.SupplierTable.emailMarker;
import static io.entitytable.checks.SupplierTable.supplier;
import static io.entitytable.checks.SupplierTable.withEmail;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.supplier.Supplier;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * verify's judgement of the markers of unique values, on suppliers (the test-only entity whose email is unique) in
 * the local DynamoDB engine: each drift class seeded, then found by one Scan, with what repair needs to mend it.
 */
class UniqueMarkerDriftTest {
    private final String business = Ids.newId();
    private final SupplierTable table =
            new SupplierTable(SharedLocalDynamoDb.client(), SharedLocalDynamoDb.newTable("unique"));

    @Test
    void detect_shouldFindNothing_whenEachHolderHasItsMarker() {
        // GIVEN two suppliers and their markers, as the API leaves them
        table.putWithMarkers(supplier(business, "Acme Beans")).putWithMarkers(supplier(business, "Birch Co"));

        // WHEN
        DriftReport report = detect();

        // THEN
        assertThat(report.findings()).isEmpty();
        assertThat(report.table().uniqueMarkers()).hasSize(2);
        assertThat(report.table().otherItems()).isEqualTo(2);
    }

    @Test
    void detect_shouldFindAMissingMarker_toPutOnTheHolder() {
        // GIVEN a supplier whose email has no marker
        DeclaredItem acme = supplier(business, "Acme Beans");
        table.put(acme.toItem());

        // WHEN
        DriftReport report = detect();

        // THEN one missing marker, to put as the API would, guarded by the holder at the version read
        UniqueValue marker = emailMarker(acme);
        assertThat(report.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.driftClass()).isEqualTo(DriftClass.MISSING_UNIQUE_MARKER);
            assertThat(finding.key())
                    .isEqualTo(new ItemKey(
                            Keys.uniqueValuesId(business, Supplier.ENTITY, "email"), "acme.beans@example.com"));
            assertThat(finding.expected()).isEqualTo(marker.toItem());
            assertThat(finding.detail())
                    .isEqualTo(marker.subject() + " v1 holds email 'acme.beans@example.com' and there is no marker");
            assertThat(finding.guards()).containsExactly(new CoreItemGuard(ItemKey.of(acme.toItem()), 1, true));
        });
        assertThat(report.count(DriftClass.MISSING_UNIQUE_MARKER)).isEqualTo(1);
    }

    @Test
    void detect_shouldFindAnOrphanMarker_whenItsHolderIsGone() {
        // GIVEN the marker of a supplier that is not in the table
        DeclaredItem gone = supplier(business, "Gone Ltd");
        table.put(emailMarker(gone).toItem());

        // WHEN
        DriftReport report = detect();

        // THEN an orphan, not guarded (ids are never reused)
        assertThat(report.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.driftClass()).isEqualTo(DriftClass.ORPHAN_UNIQUE_MARKER);
            assertThat(finding.key()).isEqualTo(emailMarker(gone).key());
            assertThat(finding.detail())
                    .isEqualTo("its holder " + emailMarker(gone).subject() + " does not exist");
            assertThat(finding.guards()).isEmpty();
        });
    }

    @Test
    void detect_shouldFindTheOldValuesMarkerOrphaned_whenItsHolderHoldsAnotherValue() {
        // GIVEN a supplier whose email changed around the API: the new value's marker is there, the old one too
        DeclaredItem before = supplier(business, "Acme Beans");
        DeclaredItem after = withEmail(before, "orders@acme.example");
        table.putWithMarkers(after);
        table.put(emailMarker(before).toItem());

        // WHEN
        DriftReport report = detect();

        // THEN the old value's marker is an orphan, guarded by its holder at the version read
        assertThat(report.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.driftClass()).isEqualTo(DriftClass.ORPHAN_UNIQUE_MARKER);
            assertThat(finding.key()).isEqualTo(emailMarker(before).key());
            assertThat(finding.detail())
                    .isEqualTo("its holder " + emailMarker(after).subject() + " v2 holds email 'orders@acme.example'");
            assertThat(finding.found()).isEqualTo(emailMarker(before).toItem());
            assertThat(finding.guards()).containsExactly(new CoreItemGuard(ItemKey.of(after.toItem()), 2, true));
        });
    }

    @Test
    void detect_shouldFindAMarkerNamingTheWrongSubject_bothOrphanedAndMissing() {
        // GIVEN a supplier's value whose marker names another supplier of the business, which holds another value
        DeclaredItem acme = supplier(business, "Acme Beans");
        DeclaredItem birch = supplier(business, "Birch Co");
        table.put(acme.toItem());
        table.putWithMarkers(birch);
        Map<String, AttributeValue> wrong = new HashMap<>(emailMarker(acme).toItem());
        wrong.put(Attributes.HOLDER, Values.s(emailMarker(birch).subject()));
        table.put(wrong);

        // WHEN
        DriftReport report = detect();

        // THEN
        assertThat(report.findings())
                .extracting(Finding::driftClass, Finding::key)
                .containsExactlyInAnyOrder(
                        tuple(
                                DriftClass.MISSING_UNIQUE_MARKER,
                                emailMarker(acme).key()),
                        tuple(DriftClass.ORPHAN_UNIQUE_MARKER, emailMarker(acme).key()));
    }

    @Test
    void detect_shouldReportTwoHoldersOfOneValue_namingBoth_andNotAsRepairable() {
        // GIVEN two suppliers of one business with the same email, the marker naming the first
        DeclaredItem acme = supplier(business, "Acme Beans");
        DeclaredItem copycat = withEmail(supplier(business, "Copycat"), "acme.beans@example.com");
        table.putWithMarkers(acme);
        table.put(copycat.toItem());
        // AND a supplier of another business with that email: another business's value, no duplicate
        table.putWithMarkers(supplier(Ids.newId(), "Acme Beans"));

        // WHEN
        DriftReport report = detect();

        // THEN one duplicate, naming both holders; nothing repair would write
        String first = emailMarker(acme).subject();
        String second = emailMarker(copycat).subject();
        assertThat(report.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.driftClass()).isEqualTo(DriftClass.DUPLICATE_UNIQUE_VALUE);
            assertThat(finding.key()).isEqualTo(emailMarker(acme).key());
            assertThat(finding.detail()).contains(first + " v1", second + " v2", "the marker names " + first);
        });
        assertThat(report.repairable()).isEmpty();
        assertThat(DriftClass.DUPLICATE_UNIQUE_VALUE.traits().repairable()).isFalse();
    }

    @Test
    void driftCheck_shouldCountUniqueValuesByClass_butNotAmongTheCopies() {
        // GIVEN a supplier without its marker
        table.put(supplier(business, "Acme Beans").toItem());

        // WHEN
        DriftCheck check = DriftCheck.of(SharedLocalDynamoDb.client(), table.table());

        // THEN
        assertThat(check.countsByClass())
                .containsEntry("missing unique marker", 1L)
                .containsEntry("orphan unique marker", 0L)
                .containsEntry("duplicate unique value", 0L);
        assertThat(check.findings()).singleElement().asString().startsWith("missing unique marker  unique#");
        assertThat(check.copyFindings()).isEmpty();
    }

    private DriftReport detect() {
        return DriftDetector.detect(
                new TableScan(SharedLocalDynamoDb.client(), table.table(), 2).run(new ScanProgress(2)));
    }
}
