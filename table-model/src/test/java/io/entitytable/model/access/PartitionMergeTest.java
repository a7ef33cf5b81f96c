package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionMerge.Partition;
import io.entitytable.model.access.PartitionMerge.Result;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class PartitionMergeTest {
    private static final MergeOrder BY_TYPE = MergeOrder.ascending(Attributes.TYPE);

    /** A tag copy: partition {@code tag}, sorted by the subject it copies. */
    private static Map<String, AttributeValue> copy(String tag, String subject) {
        return Map.of(Attributes.ID, Values.s(tag), Attributes.TYPE, Values.s(subject));
    }

    private static Partition partition(String tag, boolean exhausted, String... subjects) {
        return new Partition(
                tag,
                null,
                Arrays.stream(subjects).map(subject -> copy(tag, subject)).toList(),
                exhausted,
                null);
    }

    /** A filtered partition whose budget stopped it after evaluating up to {@code evaluatedTo}. */
    private static Partition stoppedAt(String name, String evaluatedTo, String... subjects) {
        return new Partition(
                name,
                null,
                Arrays.stream(subjects).map(subject -> copy(name, subject)).toList(),
                false,
                copy(name, evaluatedTo));
    }

    private static List<String> subjects(Result result) {
        return result.items().stream()
                .map(item -> Values.string(item, Attributes.TYPE))
                .toList();
    }

    @Test
    void merge_shouldInterleaveInOrder_andReturnEachSubjectOnce_whenAnyTagMatches() {
        // GIVEN
        List<Partition> partitions = List.of(
                partition("tag#a", true, "customer#1", "customer#3"),
                partition("tag#b", true, "customer#2", "customer#3", "customer#4"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE, false);

        // THEN
        assertThat(subjects(result)).containsExactly("customer#1", "customer#2", "customer#3", "customer#4");
        assertThat(result.items().get(2).get(Attributes.ID).s())
                .as("a subject under several tags is the copy of the first partition")
                .isEqualTo("tag#a");
        assertThat(result.finished()).isTrue();
        assertThat(result.positions()).isEqualTo(Map.of("tag#a", Map.of(), "tag#b", Map.of()));
    }

    @Test
    void perPartitionLimit_shouldAskUpToFourShardsForAWholePage_andMoreForTheirShareOfTwoPages() {
        assertThat(PartitionMerge.perPartitionLimit(25, 1)).isEqualTo(25);
        assertThat(PartitionMerge.perPartitionLimit(25, 4)).isEqualTo(25);
        assertThat(PartitionMerge.perPartitionLimit(25, 8)).isEqualTo(9);
        assertThat(PartitionMerge.perPartitionLimit(25, 64)).isEqualTo(3);
        assertThat(PartitionMerge.perPartitionLimit(2, 16)).isEqualTo(2);
    }

    @Test
    void merge_shouldIntersectTagsNotShards_whenEachTagIsSeveralShards() {
        // GIVEN two tags of a two-shard business: a subject's copies are in its own shard of each tag
        List<Partition> partitions = List.of(
                partition("tag#a", true, "customer#1", "customer#5"),
                partition("tag#a#1", true, "customer#2", "customer#3"),
                partition("tag#b", true, "customer#5", "customer#6"),
                partition("tag#b#1", true, "customer#3", "customer#4"));
        Function<String, String> tagOf = name -> name.substring(0, "tag#a".length());

        // WHEN every tag is required, a page at a time
        Result first = PartitionMerge.merge(partitions, tagOf, Map.of(), 1, BY_TYPE, true);
        Result all = PartitionMerge.merge(partitions, tagOf, Map.of(), 10, BY_TYPE, true);
        Result any = PartitionMerge.merge(partitions, tagOf, Map.of(), 10, BY_TYPE, false);

        // THEN the subjects with both tags, whichever shard holds them; any tag: each subject once
        assertThat(subjects(first)).containsExactly("customer#3");
        assertThat(first.finished()).isFalse();
        assertThat(subjects(all)).containsExactly("customer#3", "customer#5");
        assertThat(all.finished()).isTrue();
        assertThat(subjects(any))
                .containsExactly("customer#1", "customer#2", "customer#3", "customer#4", "customer#5", "customer#6");
        // One shard of a tag done does not end the intersection; every shard of one tag done does.
        Result oneShardDone = PartitionMerge.merge(
                List.of(
                        partition("tag#a", true),
                        partition("tag#a#1", true, "customer#3"),
                        partition("tag#b", true, "customer#3")),
                tagOf,
                Map.of(),
                10,
                BY_TYPE,
                true);
        assertThat(subjects(oneShardDone)).containsExactly("customer#3");
        assertThat(oneShardDone.finished()).isTrue();
    }

    @Test
    void merge_shouldKeepOnlySubjectsInEveryPartition_whenAllTagsAreRequired() {
        // GIVEN
        List<Partition> partitions = List.of(
                partition("tag#a", true, "customer#1", "customer#3", "customer#5"),
                partition("tag#b", true, "customer#2", "customer#3", "customer#5"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE, true);

        // THEN
        assertThat(subjects(result)).containsExactly("customer#3", "customer#5");
        assertThat(result.finished()).isTrue();
    }

    @Test
    void merge_shouldEndAnIntersection_whenItsShortestPartitionIsDone() {
        // GIVEN tag#b holds nothing more; tag#a still does
        List<Partition> partitions =
                List.of(partition("tag#a", false, "customer#1", "customer#2"), partition("tag#b", true, "customer#1"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE, true);

        // THEN
        assertThat(subjects(result)).containsExactly("customer#1");
        assertThat(result.finished()).isTrue();
    }

    @Test
    void merge_shouldEndThePage_whenAPartitionRunsDryBeforeItIsExhausted() {
        // GIVEN tag#a returned one item but has more in DynamoDB
        List<Partition> partitions =
                List.of(partition("tag#a", false, "customer#1"), partition("tag#b", true, "customer#2", "customer#3"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE, false);

        // THEN without tag#a's next item, customer#2 might not come next
        assertThat(subjects(result)).containsExactly("customer#1");
        assertThat(result.finished()).isFalse();
        assertThat(result.positions())
                .isEqualTo(Map.of("tag#a", Map.of(Attributes.ID, "tag#a", Attributes.TYPE, "customer#1")));
    }

    @Test
    void merge_shouldKeepEachPartitionsOwnPosition_whenTheLimitStopsThePage() {
        // GIVEN
        List<Partition> partitions = List.of(
                partition("tag#a", false, "customer#1", "customer#4"),
                partition("tag#b", false, "customer#2", "customer#3", "customer#5"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 3, BY_TYPE, false);

        // THEN
        assertThat(subjects(result)).containsExactly("customer#1", "customer#2", "customer#3");
        assertThat(result.finished()).isFalse();
        assertThat(result.positions())
                .isEqualTo(Map.of(
                        "tag#a", Map.of(Attributes.ID, "tag#a", Attributes.TYPE, "customer#1"),
                        "tag#b", Map.of(Attributes.ID, "tag#b", Attributes.TYPE, "customer#3")));
    }

    @Test
    void merge_shouldContinueFromTheOtherPartitions_whenOneWasDoneOnAnEarlierPage() {
        // GIVEN
        List<Partition> partitions =
                List.of(Partition.done("tag#a"), partition("tag#b", true, "customer#7", "customer#8"));
        Map<String, Map<String, String>> before = Map.of("tag#a", Map.of());

        // WHEN
        Result result = PartitionMerge.merge(partitions, before, 10, BY_TYPE, false);

        // THEN
        assertThat(subjects(result)).containsExactly("customer#7", "customer#8");
        assertThat(result.finished()).isTrue();
    }

    @Test
    void merge_shouldFollowADescendingOrder_newestFirst() {
        // GIVEN
        MergeOrder newestFirst = MergeOrder.descending(Attributes.TYPE);
        List<Partition> partitions = List.of(
                partition("shard#0", true, "order#2026-03", "order#2026-01"),
                partition("shard#1", true, "order#2026-02"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 10, newestFirst, false);

        // THEN
        assertThat(subjects(result)).containsExactly("order#2026-03", "order#2026-02", "order#2026-01");
    }

    @Test
    void merge_shouldTakeOtherPartitionsItemsUpToWhereAFilteredPartitionEvaluated_andResumeItThere() {
        // GIVEN shard b matched nothing up to order#5 (its filter budget stopped it there); shard a goes on
        List<Partition> partitions =
                List.of(partition("shard#a", true, "order#1", "order#4", "order#7"), stoppedAt("shard#b", "order#5"));

        // WHEN
        Result result = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE, false);

        // THEN order#7 waits: shard b may still hold a match between order#5 and order#7
        assertThat(subjects(result)).containsExactly("order#1", "order#4");
        assertThat(result.finished()).isFalse();
        assertThat(result.positions().get("shard#b"))
                .as("the stopped shard resumes after what it evaluated")
                .isEqualTo(Map.of(Attributes.ID, "shard#b", Attributes.TYPE, "order#5"));
        assertThat(result.positions().get("shard#a"))
                .isEqualTo(Map.of(Attributes.ID, "shard#a", Attributes.TYPE, "order#4"));
    }

    @Test
    void merge_shouldKeepItemsOfTheSameSortKeyApart_whenATieBreakNamesThem() {
        // GIVEN two customers of the same name in two shards of a business
        Map<String, AttributeValue> ann1 =
                Map.of(Attributes.ID, Values.s("C1"), Attributes.TYPE, Values.s("customer#smith.ann"));
        Map<String, AttributeValue> ann2 =
                Map.of(Attributes.ID, Values.s("C2"), Attributes.TYPE, Values.s("customer#smith.ann"));
        List<Partition> partitions = List.of(
                new Partition("B#0", null, List.of(ann2), true, null),
                new Partition("B#1", null, List.of(ann1), true, null));

        // WHEN
        Result byName = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE, false);
        Result byNameThenId = PartitionMerge.merge(partitions, Map.of(), 10, BY_TYPE.thenBy(Attributes.ID), false);

        // THEN
        assertThat(byName.items())
                .as("without a tie-break, one sort key is one subject")
                .hasSize(1);
        assertThat(byNameThenId.items()).containsExactly(ann1, ann2);
    }
}
