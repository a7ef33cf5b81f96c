package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.supplier.Supplier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class EraseJobTest {
    private static final String BUSINESS = "01JABCDEFGHJKMNPQRSTVWXYZ0";
    private static final Instant AT = Instant.parse("2026-11-25T12:00:00Z");

    @Test
    void keyOf_shouldBeTheBusinessEraseJobKey_underTheJobType_inAJobPartitionThatIsNoSubjectsJob() {
        assertThat(EraseJob.keyOf(BUSINESS)).isEqualTo(new ItemKey(BUSINESS + ".erase.job", Keys.REFRESH_JOB_TYPE));
        assertThat(Keys.subjectOfRefreshJob(EraseJob.keyOf(BUSINESS).id())).isEmpty();
    }

    @Test
    void newItem_shouldReadBackAsRoundOne_childrenPhase_nothingDone() {
        // WHEN
        Map<String, AttributeValue> item = EraseJob.newItem(BUSINESS, AT);

        // THEN
        assertThat(item.get(Attributes.KIND)).isEqualTo(Values.s(ItemKind.ERASE.value()));
        assertThat(EraseJob.from(item))
                .isEqualTo(new EraseJob(
                        BUSINESS, EraseJob.Status.RUNNING, 1, EraseJob.Phase.CHILDREN, 0, 0, AT, AT, null));
        assertThat(EraseJob.from(item).roundDeletedNothing()).isTrue();
        assertThat(EraseJob.from(item).idleTooLongAt(AT.plus(Duration.ofDays(1))))
                .isFalse();
    }

    @Test
    void newItem_shouldKeepTheKeyOfTheRequestsIdempotencyRecord_whenItHasOne() {
        // GIVEN
        ItemKey record = IdempotencyRecord.keyOf("operator", "erase-acme");

        // WHEN
        EraseJob withKey = EraseJob.from(EraseJob.newItem(BUSINESS, ShardCount.legacy(), AT, Optional.of(record)));
        EraseJob withoutKey = EraseJob.from(EraseJob.newItem(BUSINESS, ShardCount.legacy(), AT));

        // THEN
        assertThat(withKey.requestRecord()).isEqualTo(record);
        assertThat(withoutKey.requestRecord()).isNull();
    }

    @Test
    void newItem_shouldStoreNoSegments_forABusinessOfTheOldLayout_andReadBackItsFourSegmentsAndSixteenCounters() {
        // WHEN
        Map<String, AttributeValue> item = EraseJob.newItem(BUSINESS, ShardCount.legacy(), AT);

        // THEN
        assertThat(item).isEqualTo(EraseJob.newItem(BUSINESS, AT)).doesNotContainKey(Attributes.JOB_SEGMENTS);
        EraseJob job = EraseJob.from(item);
        assertThat(job.segments()).isEqualTo(EraseJob.SEGMENTS).isEqualTo(4);
        assertThat(job.counters()).isEqualTo(ChildCounters.all(BUSINESS));
    }

    @Test
    void newItem_shouldKeepTheBusinessShardCount_asTheSegmentsOfEachPhase_andCoverAllItsCounters() {
        // GIVEN a business grown to 32 shards, and one that is new
        ShardCount grown = ShardCount.first().grownTo(32, AT, AT.plusSeconds(600));

        // WHEN
        EraseJob job = EraseJob.from(EraseJob.newItem(BUSINESS, grown, AT));
        EraseJob small = EraseJob.from(EraseJob.newItem(BUSINESS, ShardCount.first(), AT));

        // THEN one segment a shard it may hold children in, and every counter of its count
        assertThat(job.segments()).isEqualTo(32);
        assertThat(job.counters()).isEqualTo(ChildCounters.all(BUSINESS, grown)).hasSize(32);
        assertThat(small.segments()).isEqualTo(1);
        assertThat(small.counters()).isEqualTo(ChildCounters.all(BUSINESS)).hasSize(ChildCounters.BASE);
    }

    @Test
    void from_shouldReadProgress_andAFinishedJob() {
        // GIVEN
        Map<String, AttributeValue> item = new HashMap<>(EraseJob.newItem(BUSINESS, AT));
        item.put(Attributes.JOB_STATUS, Values.s("done"));
        item.put(Attributes.JOB_PASS, Values.n(2));
        item.put(Attributes.ERASE_PHASE, Values.s("stores"));
        item.put(Attributes.JOB_DONE_SEGMENTS, AttributeValue.fromSs(List.of("0", "3")));
        item.put(Attributes.ERASE_ITEMS_DELETED, Values.n(17));
        item.put(Attributes.JOB_FINISHED_AT, Values.instant(AT.plusSeconds(5)));

        // WHEN
        EraseJob job = EraseJob.from(item);

        // THEN
        assertThat(job.status()).isEqualTo(EraseJob.Status.DONE);
        assertThat(job.round()).isEqualTo(2);
        assertThat(job.phase()).isEqualTo(EraseJob.Phase.STORES);
        assertThat(job.doneSegments()).isEqualTo(2);
        assertThat(job.itemsDeleted()).isEqualTo(17);
        assertThat(job.finishedAt()).isEqualTo(AT.plusSeconds(5));
        assertThat(job.stoppedAt(AT.plus(Duration.ofDays(1)))).isFalse();
    }

    @Test
    void stoppedAt_shouldBeTrue_onlyForARunningJobWithoutProgressForLongerThanStoppedAfter() {
        EraseJob job = EraseJob.from(EraseJob.newItem(BUSINESS, AT));
        assertThat(job.stoppedAt(AT.plus(EraseJob.STOPPED_AFTER))).isFalse();
        assertThat(job.stoppedAt(AT.plus(EraseJob.STOPPED_AFTER).plusMillis(1))).isTrue();
    }

    @Test
    void phases_shouldDeleteCustomersAndOrdersBeforeStores_thenTheArchive_andReadBackTheirValues() {
        assertThat(EraseJob.Phase.CHILDREN.deletes()).contains(Entity.CUSTOMER, Entity.ORDER);
        assertThat(EraseJob.Phase.STORES.deletes()).containsExactly(Entity.STORE);
        assertThat(EraseJob.Phase.STORES.deletesLinkTargets()).isTrue();
        assertThat(EraseJob.Phase.CHILDREN.deletesLinkTargets()).isFalse();
        assertThat(EraseJob.Phase.first()).isEqualTo(EraseJob.Phase.CHILDREN);
        assertThat(EraseJob.Phase.CHILDREN.next()).contains(EraseJob.Phase.STORES);
        assertThat(EraseJob.Phase.STORES.next()).contains(EraseJob.Phase.ARCHIVE);
        assertThat(EraseJob.Phase.ARCHIVE.next()).isEmpty();
        assertThat(EraseJob.Phase.ARCHIVE.deletes()).isEmpty();
        assertThat(EraseJob.Phase.values())
                .filteredOn(EraseJob.Phase::deletesArchive)
                .containsExactly(EraseJob.Phase.ARCHIVE);
        assertThat(EraseJob.Phase.ARCHIVE.deletesLinkTargets()).isFalse();
        for (EraseJob.Phase phase : EraseJob.Phase.values()) {
            assertThat(EraseJob.Phase.fromValue(phase.value())).isEqualTo(phase);
        }
        assertThat(EraseJob.Phase.CHILDREN.value()).isEqualTo("children");
        assertThat(EraseJob.Phase.STORES.value()).isEqualTo("stores");
        assertThat(EraseJob.Phase.ARCHIVE.value()).isEqualTo("archive");
        assertThatThrownBy(() -> EraseJob.Phase.fromValue("orders")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void phases_shouldTakeAnEntityDefinedInTestSources_thatNothingLinksTo_withTheChildren() {
        // GIVEN a supplier, defined in test sources only, which no entity links to
        Entity supplier = Supplier.ENTITY;

        // THEN the first phase deletes it, with the other children nothing links to; never the business
        assertThat(EraseJob.Phase.CHILDREN.deletes())
                .containsExactly(Entity.all().stream()
                        .filter(entity ->
                                !entity.isTenant() && entity.linkedBy().isEmpty())
                        .toArray(Entity[]::new))
                .contains(Entity.CUSTOMER, Entity.ORDER, supplier)
                .doesNotContain(Entity.BUSINESS, Entity.STORE);
        assertThat(EraseJob.Phase.STORES.deletes()).doesNotContain(supplier, Entity.BUSINESS);
    }

    @Test
    void phases_shouldTogetherDeleteEveryDefinedChild_eachInOnePhase() {
        Entity supplier = Supplier.ENTITY;
        List<Entity> deleted = new ArrayList<>();
        for (EraseJob.Phase phase : EraseJob.Phase.values()) {
            deleted.addAll(phase.deletes());
        }
        assertThat(deleted)
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(Entity.all().stream()
                        .filter(entity -> !entity.isTenant())
                        .toList())
                .contains(supplier);
    }
}
