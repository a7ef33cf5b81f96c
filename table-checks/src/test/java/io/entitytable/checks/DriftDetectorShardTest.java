package io.entitytable.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Tag copies of subjects with a stored shard, without DynamoDB: each belongs in its own shard's tag partition. */
class DriftDetectorShardTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final String BUSINESS = Ids.newId();

    @Test
    void detect_shouldFindNothing_whenEachTagCopyIsInItsSubjectsShard() {
        // GIVEN a customer of shard 20 tagged vip, and its copy in tag#B#vip#20
        Map<String, AttributeValue> customer = customer(20);

        // WHEN
        DriftReport report = DriftDetector.detect(ScannedTable.builder()
                .add(customer)
                .add(copyIn(Keys.tagPartition(BUSINESS, "vip", 20), customer))
                .build());

        // THEN
        assertThat(report.findings()).isEmpty();
    }

    @Test
    void detect_shouldFindTheCopyMissingFromItsShard_andTheOneInAnotherShardOrphaned_sayingWhere() {
        // GIVEN a customer of shard 20 tagged vip, whose copy is in shard 3's partition of the tag
        Map<String, AttributeValue> customer = customer(20);
        String elsewhere = Keys.tagPartition(BUSINESS, "vip", 3);
        String own = Keys.tagPartition(BUSINESS, "vip", 20);

        // WHEN
        DriftReport report = DriftDetector.detect(ScannedTable.builder()
                .add(customer)
                .add(copyIn(elsewhere, customer))
                .build());

        // THEN
        String subject = Keys.subjectRef(
                Entity.CUSTOMER, SampleSubjects.customerFrom(customer).id());
        assertThat(report.findings())
                .extracting(Finding::driftClass, Finding::key)
                .containsExactlyInAnyOrder(
                        tuple(DriftClass.MISSING_COPY, new ItemKey(own, subject)),
                        tuple(DriftClass.ORPHANED_COPY, new ItemKey(elsewhere, subject)));
        assertThat(report.findings())
                .filteredOn(finding -> finding.driftClass() == DriftClass.ORPHANED_COPY)
                .singleElement()
                .satisfies(finding -> assertThat(finding.detail())
                        .isEqualTo(
                                subject + " v1 carries tag vip in its shard's partition " + own + ", not in shard 3"));
    }

    private static Map<String, AttributeValue> customer(int shard) {
        return SampleSubjects.customer(
                        Ids.newId(),
                        BUSINESS,
                        "Ann",
                        "Smith",
                        null,
                        Map.of(),
                        Set.of(),
                        CoreFields.created(Set.of("vip"), T0),
                        Shard.of(shard))
                .toItem();
    }

    private static Map<String, AttributeValue> copyIn(String partition, Map<String, AttributeValue> source) {
        DeclaredItem customer = SampleSubjects.customerFrom(source);
        return RelationshipCatalogue.copyItem(
                new Duplicate(partition, Keys.subjectRef(Entity.CUSTOMER, customer.id()), ItemKind.TAG), source);
    }
}
