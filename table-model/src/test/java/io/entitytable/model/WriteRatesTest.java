package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

class WriteRatesTest {

    @Test
    void windowKey_shouldBeTheBusinessesWritesPartition_andTheWindowsStartInItsSortKey() {
        // GIVEN a business and an instant inside a minute's window
        String businessId = Ids.newId();
        Instant at = Instant.parse("2026-11-25T10:00:42.500Z");

        // WHEN
        long start = WriteRates.windowStart(at, Duration.ofMinutes(1));
        ItemKey key = WriteRates.key(businessId, start);

        // THEN the window starts on the minute; the partition is <B>.writes, apart from subjects and duplicates
        assertThat(start).isEqualTo(Instant.parse("2026-11-25T10:00:00Z").getEpochSecond());
        assertThat(WriteRates.windowStart(at, Duration.ofSeconds(5)))
                .isEqualTo(Instant.parse("2026-11-25T10:00:40Z").getEpochSecond());
        assertThat(key.id()).isEqualTo(businessId + ".writes").doesNotContain(Keys.SEPARATOR);
        assertThat(Ids.isValid(key.id())).isFalse();
        assertThat(key.type()).isEqualTo("window#" + start);
        assertThat(Keys.writeRateId(businessId)).isNotEqualTo(Keys.businessRateId(businessId));
    }

    @Test
    void add_shouldCountOnARateItemThatTheTimeToLiveRemovesAfterItsWindow() {
        // GIVEN a window of a minute
        String businessId = Ids.newId();
        long start = 1_800_000_000L;

        // WHEN 16 changes are added
        UpdateItemRequest request = WriteRates.add("Entity", businessId, start, Duration.ofMinutes(1), 16);

        // THEN one ADD on the window's item, of kind rate (kept from the fan-out and the indexer), expiring a kept
        // hour after the window ends, answering with the new total
        assertThat(request.key()).isEqualTo(WriteRates.key(businessId, start).toAttributes());
        assertThat(request.updateExpression()).startsWith("ADD #n :count");
        assertThat(request.expressionAttributeNames())
                .containsEntry("#n", Attributes.RATE_COUNT)
                .containsEntry("#kind", Attributes.KIND)
                .containsEntry("#expiresAt", Attributes.EXPIRES_AT);
        assertThat(request.expressionAttributeValues())
                .containsEntry(":count", Values.n(16))
                .containsEntry(":kind", Values.s(ItemKind.RATE.value()))
                .containsEntry(":expiresAt", Values.n(start + 60 + RequestLimits.RATE_ITEM_KEPT.toSeconds()));
        assertThat(request.returnValues()).isEqualTo(ReturnValue.UPDATED_NEW);
        assertThat(WriteRates.total(Map.of(Attributes.RATE_COUNT, Values.n(48))))
                .isEqualTo(48);
    }
}
