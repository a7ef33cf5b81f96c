package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ChildCountersTest {

    @Test
    void of_shouldBeOneOfTheBusinessCounters_andTheSameForTheSameChild() {
        // GIVEN
        String business = Ids.newId();
        String child = Ids.newId();

        // WHEN
        ItemKey counter = ChildCounters.of(business, child);

        // THEN
        assertThat(ChildCounters.all(business)).hasSize(ChildCounters.COUNT).contains(counter);
        assertThat(ChildCounters.of(business, child)).isEqualTo(counter);
        assertThat(counter.id()).startsWith(business).doesNotContain(Keys.SEPARATOR);
        assertThat(counter.type()).isEqualTo(Keys.COUNTER_TYPE);
    }

    @Test
    void of_shouldSpreadTheChildrenOfABusinessOverEveryCounter() {
        // GIVEN
        String business = Ids.newId();

        // WHEN
        Set<ItemKey> used = IntStream.range(0, 1_000)
                .mapToObj(i -> ChildCounters.of(business, Ids.newId()))
                .collect(Collectors.toSet());

        // THEN
        assertThat(used).containsExactlyInAnyOrderElementsOf(ChildCounters.all(business));
    }

    @Test
    void newItems_shouldBeCountersAtZero_thatSumToZero() {
        // GIVEN
        String business = Ids.newId();

        // WHEN
        List<Map<String, AttributeValue>> items = ChildCounters.newItems(business);

        // THEN
        assertThat(items).hasSize(ChildCounters.COUNT);
        assertThat(items).allSatisfy(item -> {
            assertThat(Values.string(item, Attributes.KIND)).isEqualTo(ItemKind.COUNTER.value());
            assertThat(Values.number(item, Attributes.CHILD_COUNT)).isZero();
        });
        assertThat(items.stream().map(ItemKey::of).toList()).isEqualTo(ChildCounters.all(business));
        assertThat(ChildCounters.sum(items)).isZero();
        assertThat(ChildCounters.sum(List.of(Map.of(Attributes.CHILD_COUNT, Values.n(3)), Map.of())))
                .isEqualTo(3);
    }
}
