package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class IdempotencyRecordTest {
    private static final Instant CREATED = Instant.parse("2026-11-24T10:15:30.123Z");

    private static IdempotencyRecord record(String caller, String key) {
        return new IdempotencyRecord(
                caller,
                key,
                "f1",
                201,
                "/customers/01J",
                "\"1\"",
                "{\"id\":\"01J\"}",
                CREATED,
                CREATED.plus(IdempotencyRecord.KEPT));
    }

    @Test
    void toItemAndFrom_shouldKeepEveryPartOfTheAnswer() {
        // GIVEN a record with every field set
        IdempotencyRecord record = record("user-1", "order-7");

        // WHEN it goes through an item and back
        IdempotencyRecord read = IdempotencyRecord.from(record.toItem());

        // THEN nothing is lost but the sub-second part of the expiry, which the table keeps in epoch seconds
        assertThat(read).usingRecursiveComparison().ignoringFields("expiresAt").isEqualTo(record);
        assertThat(read.expiresAt()).isEqualTo(Instant.parse("2026-11-25T10:15:30Z"));
    }

    @Test
    void toItem_shouldBeItsOwnKindWithANumericTimeToLiveAndNoIndexAttribute() {
        // WHEN
        Map<String, AttributeValue> item = record("user-1", "order-7").toItem();

        // THEN the stream filters (core only) and the indexes (their attributes) leave it out, and DynamoDB's
        // time-to-live reads its expiry
        assertThat(item.get(Attributes.KIND).s()).isEqualTo(ItemKind.IDEMPOTENCY.value());
        assertThat(item.get(TableLayout.TIME_TO_LIVE).n())
                .isEqualTo(Long.toString(Instant.parse("2026-11-25T10:15:30Z").getEpochSecond()));
        assertThat(item.keySet()).doesNotContainAnyElementsOf(TableLayout.ENTITY.coreIndexAttributes());
        assertThat(item).doesNotContainKey(Attributes.SOURCE);
        assertThat(item.get(Attributes.TYPE).s()).isEqualTo(Keys.IDEMPOTENCY_TYPE);
    }

    @Test
    void keyOf_shouldGiveEachCallerAndKeyAPartitionOfItsOwn() {
        // WHEN / THEN the same key of two callers is two records
        assertThat(IdempotencyRecord.keyOf("user-1", "k")).isNotEqualTo(IdempotencyRecord.keyOf("user-2", "k"));
        // AND a caller and key never run into another pair that spells the same characters
        assertThat(IdempotencyRecord.keyOf("ab", "c")).isNotEqualTo(IdempotencyRecord.keyOf("a", "bc"));
        // AND the partition holds no separator, so it never reads as a subject's id
        assertThat(IdempotencyRecord.keyOf("sub#with#separators", "key#1").id()).matches("idem\\.[0-9a-f]{32}");
        // AND it is stable
        assertThat(IdempotencyRecord.keyOf("user-1", "k")).isEqualTo(IdempotencyRecord.keyOf("user-1", "k"));
    }

    @Test
    void isLiveAt_shouldEndAtTheExpiry_whateverTheItemStillBeingThere() {
        // GIVEN
        IdempotencyRecord record = record("user-1", "order-7");

        // THEN
        assertThat(record.isLiveAt(CREATED.plusSeconds(60))).isTrue();
        assertThat(record.isLiveAt(record.expiresAt().minusMillis(1))).isTrue();
        assertThat(record.isLiveAt(record.expiresAt())).isFalse();
        assertThat(record.isFor("f1")).isTrue();
        assertThat(record.isFor("f2")).isFalse();
    }
}
