package io.entitytable.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The sourceGsi key of copies, without DynamoDB: only a link target's copy in an owner's partition carries {@code
 * source}. One written before that rule, with {@code source} on a tag copy, is no drift; a store's copy in a
 * customer's partition without it is a stale copy, since sourceGsi would not find it.
 */
class DriftDetectorSourceKeyTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final String BUSINESS = Ids.newId();

    @Test
    void detect_shouldFindNothing_whenATagCopyStillCarriesTheSourceKeyOfAnEarlierVersion() {
        // GIVEN a tagged customer whose tag copy was written when every copy carried source
        Map<String, AttributeValue> customer = customer(Set.of(), Set.of("vip"));
        Duplicate tag = new Duplicate(Keys.tagPartition(BUSINESS, "vip"), refOf(customer), ItemKind.TAG);
        Map<String, AttributeValue> earlier = new HashMap<>(RelationshipCatalogue.copyItem(tag, customer));
        earlier.put(Attributes.SOURCE, Values.s(tag.type()));

        // WHEN
        DriftReport report = DriftDetector.detect(
                ScannedTable.builder().add(customer).add(earlier).build());

        // THEN
        assertThat(report.findings()).isEmpty();
    }

    @Test
    void detect_shouldFindAStoresCopyInACustomersPartitionStale_whenItLacksTheSourceKey() {
        // GIVEN an untagged customer managing a store, both edges written, the store's copy without source
        Map<String, AttributeValue> store = store();
        String storeId = Values.string(store, Attributes.ID);
        Map<String, AttributeValue> customer = customer(Set.of(storeId), Set.of());
        Duplicate storeInCustomer = new Duplicate(refOf(customer), refOf(store), ItemKind.EDGE);
        Duplicate customerInStore = new Duplicate(refOf(store), refOf(customer), ItemKind.EDGE);
        Map<String, AttributeValue> unindexed = new HashMap<>(RelationshipCatalogue.copyItem(storeInCustomer, store));
        unindexed.remove(Attributes.SOURCE);

        // WHEN
        DriftReport report = DriftDetector.detect(ScannedTable.builder()
                .add(customer)
                .add(store)
                .add(unindexed)
                .add(RelationshipCatalogue.copyItem(customerInStore, customer))
                .build());

        // THEN
        assertThat(report.findings())
                .extracting(Finding::driftClass, Finding::key)
                .containsExactly(tuple(DriftClass.STALE_COPY, storeInCustomer.key()));
        assertThat(report.findings().get(0).detail()).contains(Attributes.SOURCE);
    }

    private static String refOf(Map<String, AttributeValue> core) {
        return Keys.subjectRef(CoreItem.entityOf(core), Values.string(core, Attributes.ID));
    }

    private static Map<String, AttributeValue> customer(Set<String> storeIds, Set<String> tags) {
        String id = Ids.newId();
        return SampleSubjects.customer(
                        id,
                        BUSINESS,
                        "Ann",
                        "Smith",
                        null,
                        Map.of(),
                        storeIds,
                        CoreFields.created(tags, T0),
                        Shard.legacy(id))
                .toItem();
    }

    private static Map<String, AttributeValue> store() {
        String id = Ids.newId();
        return SampleSubjects.store(
                        id,
                        BUSINESS,
                        "Main",
                        new Address("1 Main St", "Austin", "TX", "73301", "US"),
                        new CoreFields(Set.of(), 1, T0, T0),
                        Shard.legacy(id))
                .toItem();
    }
}
