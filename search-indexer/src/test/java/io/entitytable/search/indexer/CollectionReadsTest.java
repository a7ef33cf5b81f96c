package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CollectionReadsTest {
    private static final Duration HOLD = Duration.ofMillis(10);

    @Test
    void readAll_shouldReadSeveralCollectionsAtOnce_neverMoreThanItsConcurrency() {
        // GIVEN 24 subjects whose reads are slow
        SlowCollectionItems slow = new SlowCollectionItems(CollectionReadsTest::itemsOf, 4, HOLD);
        List<String> subjects = subjects(24);

        // WHEN
        CollectionItems read = new CollectionReads(slow, 4).readAll(subjects);

        // THEN every read ran, several at once and never more than four
        assertThat(slow.mostAtOnce()).isGreaterThan(1).isLessThanOrEqualTo(4);
        assertThat(subjects).allSatisfy(id -> assertThat(read.of(id)).isEqualTo(itemsOf(id)));
        assertThat(subjects).allSatisfy(id -> assertThat(slow.reads(id)).isEqualTo(1));
    }

    @Test
    void readAll_withAConcurrencyOfOne_shouldReadOneAfterAnotherOnTheCallingThread() {
        // GIVEN
        SlowCollectionItems slow = new SlowCollectionItems(CollectionReadsTest::itemsOf, 1, HOLD);

        // WHEN
        new CollectionReads(slow, 1).readAll(subjects(5));

        // THEN
        assertThat(slow.mostAtOnce()).isEqualTo(1);
        assertThat(slow.threads).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void readAll_shouldReadASubjectOnce_howeverManyRecordsAskForIt() {
        // GIVEN
        SlowCollectionItems slow = new SlowCollectionItems(CollectionReadsTest::itemsOf, 2, HOLD);

        // WHEN
        CollectionItems read = new CollectionReads(slow, 4).readAll(List.of("a", "b", "a"));
        read.of("a");
        read.of("a");

        // THEN
        assertThat(slow.reads("a")).isEqualTo(1);
        assertThat(slow.reads("b")).isEqualTo(1);
    }

    @Test
    void readAll_shouldThrowAFailedReadAgainToEveryAsker_andAnswerTheOthers() {
        // GIVEN one subject whose read fails
        RuntimeException throttled = new IllegalStateException("throttled");
        CollectionItems source = id -> {
            if (id.equals("s3")) {
                throw throttled;
            }
            return itemsOf(id);
        };

        // WHEN
        CollectionItems read = new CollectionReads(source, 4).readAll(subjects(6));

        // THEN
        assertThatThrownBy(() -> read.of("s3")).isSameAs(throttled);
        assertThatThrownBy(() -> read.of("s3")).isSameAs(throttled);
        assertThat(read.of("s4")).isEqualTo(itemsOf("s4"));
    }

    @Test
    void readAll_shouldReadASubjectItWasNotGiven_whenAskedForIt() {
        // GIVEN
        List<String> asked = new ArrayList<>();
        CollectionItems source = id -> {
            asked.add(id);
            return itemsOf(id);
        };

        // WHEN
        CollectionItems read = new CollectionReads(source, 4).readAll(List.of());

        // THEN
        assertThat(read.of("late")).isEqualTo(itemsOf("late"));
        assertThat(asked).containsExactly("late");
    }

    @Test
    void new_shouldRefuseAConcurrencyBelowOne() {
        assertThatThrownBy(() -> new CollectionReads(CollectionItems.none(), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> subjects(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "s" + i).toList();
    }

    private static List<Map<String, AttributeValue>> itemsOf(String subjectId) {
        return List.of(Map.of("line", Values.s(subjectId)));
    }
}
