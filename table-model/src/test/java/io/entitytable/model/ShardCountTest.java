package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ShardCountTest {
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void aBusinessWithoutAStoredCountKeepsTheOldFixedLayout() {
        DeclaredItem old = SampleSubjects.business(Ids.newId(), "Old", CoreFields.created(Set.of("red"), NOW));
        Map<String, AttributeValue> item = old.toItem();

        assertThat(item).doesNotContainKeys(Attributes.SHARDS, Attributes.SHARD);
        ShardCount count = ShardCount.of(item);
        assertThat(count).isEqualTo(ShardCount.legacy());
        BusinessShards shards = new BusinessShards(old.id(), count);
        assertThat(shards.partitions()).isEqualTo(BusinessShards.partitions(old.id()));
        assertThat(shards.tagPartitions("red")).containsExactly(Keys.tagPartition(old.id(), "red"));
        assertThat(shards.counters()).isEqualTo(ChildCounters.all(old.id()));
        assertThat(Values.string(item, Attributes.BUSINESS_SHARD))
                .isEqualTo(BusinessShards.partitionOf(old.id(), old.id()));

        String child = Ids.newId();
        assertThat(count.shardFor(child, NOW)).isEqualTo(Shard.legacy(child));
    }

    @Test
    void aNewBusinessStartsAtOneShardAndStoresIt() {
        DeclaredItem business =
                SampleSubjects.business(Ids.newId(), "New", CoreFields.created(Set.of(), NOW), ShardCount.first());
        Map<String, AttributeValue> item = business.toItem();

        assertThat(CoreItem.from(item)).isEqualTo(business);
        assertThat(Values.number(item, Attributes.SHARDS)).isEqualTo(1);
        assertThat(Values.number(item, Attributes.SHARD)).isZero();
        BusinessShards shards = new BusinessShards(business.id(), ShardCount.of(item));
        assertThat(shards.partitions()).containsExactly(Keys.businessShard(business.id(), 0));
        assertThat(shards.statusPartitions("open")).containsExactly(Keys.orderStatusPk(business.id(), "OPEN", 0));
        assertThat(shards.counters()).hasSize(ChildCounters.BASE);
    }

    @Test
    void writersKeepTheCountBeforeAGrowthUntilItsTimeWhileReadersReadTheNewOne() {
        ShardCount grown = ShardCount.first().grownTo(8, NOW, NOW.plusSeconds(10));

        assertThat(grown.count()).isEqualTo(8);
        assertThat(grown.writeCount(NOW.plusSeconds(9))).isEqualTo(1);
        assertThat(grown.writeCount(NOW.plusSeconds(10))).isEqualTo(8);
        // A second growth before the first took effect keeps the writers where they were.
        ShardCount again = grown.grownTo(16, NOW.plusSeconds(5), NOW.plusSeconds(15));
        assertThat(again.writeCount(NOW.plusSeconds(12))).isEqualTo(1);
        assertThat(again.writeCount(NOW.plusSeconds(15))).isEqualTo(16);

        Map<String, AttributeValue> item = new HashMap<>();
        again.putOn(item);
        assertThat(ShardCount.of(item)).isEqualTo(again);
    }

    @Test
    void aCountOnlyGrowsWithinItsBounds() {
        assertThatThrownBy(() -> ShardCount.first().grownTo(1, NOW, NOW)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ShardCount.first().grownTo(65, NOW, NOW)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ShardCount.isValid(0)).isFalse();
        assertThat(ShardCount.isValid(64)).isTrue();
        assertThat(ShardCount.isValid(65)).isFalse();
    }

    @Test
    void aSubjectKeepsItsShardThroughEveryRewriteAndItsCopiesTakeIt() {
        String business = Ids.newId();
        DeclaredItem order = orderIn(business, Shard.of(5));
        Map<String, AttributeValue> item = order.toItem();

        assertThat(Values.string(item, Attributes.BUSINESS_SHARD)).isEqualTo(Keys.businessShard(business, 5));
        assertThat(Values.string(item, Attributes.GSI1_PK)).isEqualTo(Keys.orderStatusPk(business, "OPEN", 5));
        DeclaredItem paid = Entity.ORDER
                .read(item)
                .with(Map.of(Attributes.STATUS, "PAID", Attributes.PAYMENT_CARD, "amex"))
                .withVersion(2, NOW);
        assertThat(paid.shard()).isEqualTo(Shard.of(5));
        assertThat(Values.string(paid.toItem(), Attributes.GSI1_PK)).isEqualTo(Keys.orderStatusPk(business, "PAID", 5));
        assertThat(RelationshipCatalogue.impliedBy(item).stream()
                        .map(RelationshipCatalogue.Duplicate::id)
                        .toList())
                .containsExactly("tag#" + business + "#rush#5");
        assertThat(Keys.parseTagPartition("tag#" + business + "#rush#5"))
                .contains(new Keys.TagPartition(business, "rush", 5));
    }

    @Test
    void aRecordPlacedInAnotherShard_isReadBackWithEveryShardedAttribute_andKeepsItsLines() {
        String business = Ids.newId();
        Map<String, Object> line = SampleSubjects.line("PEN-1", "pens", 2, 150);
        DeclaredItem order = SampleSubjects.withLines(orderIn(business, null), List.of(line));

        DeclaredItem placed = order.withShard(Shard.of(7));

        assertThat(placed.shard()).isEqualTo(Shard.of(7));
        assertThat(placed.items(Attributes.LINES)).containsExactly(line);
        assertThat(Values.string(placed.toItem(), Attributes.GSI1_PK))
                .isEqualTo(Keys.orderStatusPk(business, "OPEN", 7));
        assertThat(placed.withShard(order.shard())).isEqualTo(order);
    }

    @Test
    void aLegacySubjectsCopiesStayInTheOneTagPartition() {
        String business = Ids.newId();
        DeclaredItem order = orderIn(business, null);
        assertThat(order.shard().stored()).isFalse();
        assertThat(order.toItem()).doesNotContainKey(Attributes.SHARD);
        assertThat(RelationshipCatalogue.impliedBy(order.toItem()).stream()
                        .map(RelationshipCatalogue.Duplicate::id)
                        .toList())
                .containsExactly(Keys.tagPartition(business, "rush"));
    }

    @Test
    void childCountersGrowWithTheCountAndEachTakesAnEqualPart() {
        String business = Ids.newId();
        ShardCount sixtyFour = ShardCount.first().grownTo(64, NOW, NOW);
        assertThat(ChildCounters.all(business, sixtyFour)).hasSize(64);
        assertThat(ChildCounters.added(business, ShardCount.first(), sixtyFour)).hasSize(48);
        assertThat(ChildCounters.added(
                        business, ShardCount.first(), ShardCount.first().grownTo(8, NOW, NOW)))
                .isEmpty();

        Map<ItemKey, Long> load = IntStream.range(0, 64_000)
                .mapToObj(i -> Ids.newId())
                .map(id -> ChildCounters.of(business, sixtyFour.shardFor(id, NOW), id))
                .collect(Collectors.groupingBy(key -> key, Collectors.counting()));
        assertThat(load).hasSize(64);
        assertThat(load.values()).allSatisfy(count -> assertThat(count).isBetween(800L, 1_200L));
        assertThat(List.copyOf(load.keySet()))
                .containsExactlyInAnyOrderElementsOf(ChildCounters.all(business, sixtyFour));
    }

    @Test
    void theGrowthRuleDoublesAboveItsThreshold() {
        assertThat(ShardGrowth.shouldGrow(401, 1, 0.5)).isTrue();
        assertThat(ShardGrowth.shouldGrow(400, 1, 0.5)).isFalse();
        assertThat(ShardGrowth.shouldGrow(1_000_000, 64, 0.5)).isFalse();
        assertThat(ShardGrowth.countFor(10, 0.5)).isEqualTo(1);
        assertThat(ShardGrowth.countFor(1_500, 0.5)).isEqualTo(4);
        assertThat(ShardGrowth.countFor(30_000, 0.5)).isEqualTo(64);
    }

    /** An order of no lines yet, tagged rush, as the record of a status placed in {@code shard} (null: legacy). */
    private static DeclaredItem orderIn(String business, Shard shard) {
        String id = Ids.newId();
        return SampleSubjects.order(
                id,
                business,
                Ids.newId(),
                "Ada",
                "Lovelace",
                new Address("1 Main St", "Springfield", "IL", "62701", "US").values(),
                "open",
                null,
                List.of(),
                CoreFields.created(Set.of("rush"), NOW),
                shard == null ? Shard.legacy(id) : shard);
    }
}
