package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

class ShardGrowthWriteTest {
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void growth_shouldSetTheCountAlone_onTheCountRead_andNotErasing() {
        // GIVEN a new business at one shard
        Map<String, AttributeValue> business = SampleSubjects.business(
                        Ids.newId(), "Acme", new CoreFields(Set.of(), 3, NOW, NOW), ShardCount.first())
                .toItem();
        ShardCount grown = ShardCount.first().grownTo(2, NOW, NOW.plusSeconds(10));

        // WHEN
        List<TransactWriteItem> actions = ShardGrowthWrite.actions("Entity", business, grown);

        // THEN one update of the business: the count attributes, no version, on the count read and no erase marker
        assertThat(actions).hasSize(1);
        Update update = actions.get(0).update();
        assertThat(update.key()).isEqualTo(ItemKey.of(business).toAttributes());
        assertThat(update.updateExpression()).startsWith("SET ").doesNotContain(Attributes.VERSION);
        assertThat(update.expressionAttributeNames().values())
                .contains(Attributes.SHARDS, Attributes.SHARDS_BEFORE, Attributes.SHARDS_FROM, Attributes.ERASING)
                .doesNotContain(Attributes.VERSION);
        assertThat(update.conditionExpression())
                .contains("#shards = :shards")
                .contains("attribute_not_exists(#erasing)");
        assertThat(update.expressionAttributeValues()).containsEntry(":shards", Values.n(1));
        assertThat(ConditionalWrites.asUpdateItem(update).conditionExpression())
                .isEqualTo(update.conditionExpression());
    }

    @Test
    void growthPastTheBaseCounters_shouldCreateEachAddedCounter() {
        // GIVEN a business at 16 shards
        ShardCount sixteen = ShardCount.first().grownTo(16, NOW, NOW);
        String businessId = Ids.newId();
        Map<String, AttributeValue> business = SampleSubjects.business(
                        businessId, "Acme", new CoreFields(Set.of(), 3, NOW, NOW), sixteen)
                .toItem();
        ShardCount grown = sixteen.grownTo(32, NOW, NOW.plusSeconds(10));

        // WHEN
        List<TransactWriteItem> actions = ShardGrowthWrite.actions("Entity", business, grown);

        // THEN the business's update, then a put of each counter from 16 to 31, each only if new
        assertThat(actions).hasSize(1 + 16);
        assertThat(actions.subList(1, actions.size()))
                .extracting(action -> ItemKey.of(action.put().item()))
                .containsExactlyElementsOf(ChildCounters.all(businessId, grown).subList(16, 32));
        assertThat(actions.subList(1, actions.size()))
                .allSatisfy(action ->
                        assertThat(action.put().conditionExpression()).isEqualTo("attribute_not_exists(#id)"));
    }

    @Test
    void growthOfTheOldLayout_shouldHoldOnTheCountBeingAbsent() {
        Map<String, AttributeValue> legacy = SampleSubjects.business(
                        Ids.newId(), "Old", CoreFields.created(Set.of(), NOW))
                .toItem();
        List<TransactWriteItem> actions =
                ShardGrowthWrite.actions("Entity", legacy, ShardCount.legacy().grownTo(8, NOW, NOW));
        assertThat(actions.get(0).update().conditionExpression()).contains("attribute_not_exists(#shards)");
    }
}
