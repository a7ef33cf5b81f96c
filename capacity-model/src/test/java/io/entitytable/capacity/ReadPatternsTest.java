package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Keys;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.PartitionMerge;
import io.entitytable.model.supplier.Supplier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The capacity model's read patterns against the access patterns' declarations. */
class ReadPatternsTest {

    @Test
    void currentLayout_shouldReadWhatEachListPatternDeclares() {
        // GIVEN the declared targets of each list pattern (a declared entity's list, pattern 0, is each such entity's
        // and not one of the design's); pattern 5 has two, the store's lists: with a country its list by fields,
        // without one its list by name
        Map<Integer, Set<String>> declared = new HashMap<>(Arrays.stream(AccessPattern.values())
                .filter(pattern -> pattern.number() > 0)
                .collect(Collectors.groupingBy(
                        AccessPattern::number,
                        Collectors.mapping(
                                pattern -> pattern.index() == null ? Access.TABLE : pattern.index(),
                                Collectors.toSet()))));
        declared.put(5, Set.of(AccessPattern.DECLARED_BY_FIELDS.index(), AccessPattern.DECLARED_SUBJECTS.index()));
        ReadPatterns reads = new ReadPatterns(new Samples(42), TestWorkloads.small(), ModelledLayout.CURRENT.reads());

        declared.forEach((number, targets) -> {
            // WHEN the model reads the pattern once
            List<Access> accesses = reads.pattern(Integer.toString(number)).apply(0);

            // THEN every partition it prices is in the index the declaration names
            assertThat(accesses).as("pattern %d", number).isNotEmpty();
            assertThat(accesses).as("pattern %d", number).allSatisfy(access -> assertThat(targets)
                    .contains(access.target()));
        });
        assertThat(declared).containsKeys(2, 3, 4, 5, 7, 9, 10, 11, 12, 13);
    }

    @Test
    void declaredEntitysList_shouldReadAPageOfItsItemsInEachShardOfItsIndex_asItsPatternDeclares() {
        // GIVEN the test-only supplier, declared by its fields, whose collection a read mix names
        Entity supplier = Supplier.ENTITY;
        Samples samples = new Samples(42);
        ReadPatterns reads = new ReadPatterns(samples, TestWorkloads.small(), ModelledLayout.CURRENT.reads());

        // WHEN the model reads its list once
        List<Access> accesses = reads.pattern(supplier.collection()).apply(0);

        // THEN one Query per shard of the business in the index DECLARED_SUBJECTS names, each of its share of a page of
        // suppliers as their examples make them
        long itemBytes = ItemSize.bytes(samples.declared(supplier).toItem());
        int shards = samples.businessShards().count().count();
        double units = ItemSize.readUnits(
                PartitionMerge.perPartitionLimit(TestWorkloads.small().pageSize(), shards) * itemBytes, false);
        assertThat(accesses).hasSize(shards).allSatisfy(access -> {
            assertThat(access.target()).isEqualTo(AccessPattern.DECLARED_SUBJECTS.index());
            assertThat(access.readUnits()).isEqualTo(units);
        });
        assertThat(ReadPatterns.name(supplier.collection())).isEqualTo("suppliers of a business by name");
    }

    @Test
    void declaredEntitysListByFields_shouldReadAPageOfOneGsi1Partition_asItsPatternDeclares() {
        // GIVEN the supplier, listed by its depot's city and zip, whose list by city a read mix names
        Entity supplier = Supplier.ENTITY;
        Samples samples = new Samples(42);
        ReadPatterns reads = new ReadPatterns(samples, TestWorkloads.small(), ModelledLayout.CURRENT.reads());

        // WHEN the model reads it once
        List<Access> accesses = reads.pattern("suppliers/city").apply(0);

        // THEN one Query of a page of the business's suppliers in the city, in gsi1
        long itemBytes = ItemSize.bytes(samples.declared(supplier).toItem());
        assertThat(accesses).singleElement().satisfies(access -> {
            assertThat(access.target()).isEqualTo(AccessPattern.DECLARED_BY_FIELDS.index());
            assertThat(access.readUnits())
                    .isEqualTo(ItemSize.readUnits(TestWorkloads.small().pageSize() * itemBytes, false));
        });
        assertThat(ReadPatterns.name("suppliers/city")).isEqualTo("suppliers of a business by depot.city");
        assertThat(reads.readsShardCount("suppliers/city")).isFalse();
    }

    /**
     * A customer's callback, declared here only: a child of the customer, sorted by creation time and grouped by its
     * state.
     */
    private static final class Callback {
        static final Entity ENTITY = Entity.define(Entity.declared("callback", "callbacks")
                .fields(
                        Field.text("reason").required().example("Billing question"),
                        Field.text("state").upperCased().example("OPEN"))
                .sortedByCreation()
                .groupedBy("state")
                .childOf(Entity.CUSTOMER));
    }

    @Test
    void aGroup_shouldReadAShareOfAPageInEachShardOfTheValuesGsi1Partitions_asItsPatternDeclares() {
        // GIVEN the test-only callback, grouped by its state, whose list in one state a read mix names
        Entity callback = Callback.ENTITY;
        Samples samples = new Samples(42);
        ReadPatterns reads = new ReadPatterns(samples, TestWorkloads.small(), ModelledLayout.CURRENT.reads());

        // WHEN the model reads it once
        List<Access> accesses = reads.pattern("callbacks/state").apply(0);

        // THEN one Query of each of the business's partitions of the state in gsi1, each of its share of a page
        long itemBytes = ItemSize.bytes(samples.declared(callback).toItem());
        List<String> partitions = samples.businessShards().groupPartitions(callback, "state", "OPEN");
        double units = ItemSize.readUnits(
                PartitionMerge.perPartitionLimit(TestWorkloads.small().pageSize(), partitions.size()) * itemBytes,
                false);
        assertThat(accesses).extracting(Access::partitionKey).containsExactlyElementsOf(partitions);
        assertThat(accesses).allSatisfy(access -> {
            assertThat(access.target()).isEqualTo(AccessPattern.DECLARED_IN_GROUP.index());
            assertThat(access.readUnits()).isEqualTo(units);
        });
        assertThat(partitions.get(0)).startsWith("CALLBACKSTATE#" + samples.businessId + "#OPEN#");
        assertThat(ReadPatterns.name("callbacks/state"))
                .isEqualTo("callbacks of a business in one state, newest first");
        assertThat(reads.readsShardCount("callbacks/state")).isTrue();
    }

    @Test
    void aParentsChildren_shouldReadAPageOfOnePartitionOfTheIndexTheParentHeads_asTheirPatternDeclares() {
        // GIVEN the test-only callback, a customer's, whose list under its customer a read mix names
        Entity callback = Callback.ENTITY;
        Samples samples = new Samples(42);
        ReadPatterns reads = new ReadPatterns(samples, TestWorkloads.small(), ModelledLayout.CURRENT.reads());

        // WHEN the model reads it once
        List<Access> accesses = reads.pattern("customers/callbacks").apply(0);

        // THEN one Query of a page of one customer's callbacks, in customerIdGsi, with no shard count read
        long itemBytes = ItemSize.bytes(samples.declared(callback).toItem());
        assertThat(accesses).singleElement().satisfies(access -> {
            assertThat(access.target()).isEqualTo(AccessPattern.DECLARED_OF_PARENT_BY_TIME.index());
            assertThat(access.readUnits())
                    .isEqualTo(ItemSize.readUnits(TestWorkloads.small().pageSize() * itemBytes, false));
        });
        assertThat(samples.declared(callback).parentId()).isPresent();
        assertThat(ReadPatterns.name("customers/callbacks"))
                .isEqualTo("callbacks of a customer by createdAt, newest first");
        assertThat(reads.readsShardCount("customers/callbacks")).isFalse();
    }

    @Test
    void storesByLocation_shouldReadTheStoresListByFields_whetherTheMixNamesItByNumberOrByCollection() {
        // GIVEN the store, declared by its fields and listed by location, whose list a read mix names as pattern 5 (the
        // reference workload's) or as stores/country
        ReadPatterns reads = new ReadPatterns(new Samples(42), TestWorkloads.small(), ModelledLayout.CURRENT.reads());

        // WHEN the model reads each once
        List<Access> byNumber = reads.pattern("5").apply(0);
        List<Access> byCollection = reads.pattern("stores/country").apply(0);

        // THEN both are one Query of a page of the business's stores in the country, in gsi1
        String partition = Keys.fieldListPk(Entity.STORE, new Samples(42).businessId, "US");
        assertThat(byNumber).singleElement().satisfies(access -> {
            assertThat(access.target()).isEqualTo(AccessPattern.DECLARED_BY_FIELDS.index());
            assertThat(access.partitionKey()).isEqualTo(partition);
        });
        assertThat(byCollection).singleElement().satisfies(access -> {
            assertThat(access.target()).isEqualTo(AccessPattern.DECLARED_BY_FIELDS.index());
            assertThat(access.partitionKey()).isEqualTo(partition);
        });
        assertThat(ReadPatterns.name("5")).isEqualTo("stores by location");
        assertThat(ReadPatterns.name("stores/country")).isEqualTo("stores of a business by address.country");
    }
}
