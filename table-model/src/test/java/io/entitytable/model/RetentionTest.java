package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class RetentionTest {

    @Test
    void of_shouldBeTheDeclaredDefault_forABusinessThatSetNothing() {
        // GIVEN a business item without the attribute
        Map<String, AttributeValue> business = Map.of(Attributes.ID, Values.s("B1"));

        // WHEN
        Retention retention = Retention.of(business);

        // THEN
        assertThat(retention.of(Entity.ORDER)).isEqualTo(Duration.ofDays(400));
        assertThat(retention.byCollection()).containsExactly(Map.entry("orders", Duration.ofDays(400)));
        assertThat(retention.set()).isEmpty();
    }

    @Test
    void with_shouldStoreWhatWasSet_andReadItBack_byCollectionName() {
        // GIVEN
        Retention retention = Retention.of(Map.of()).with(Entity.ORDER, Duration.ofSeconds(10));

        // WHEN
        AttributeValue stored = retention.toAttribute();
        Retention read = Retention.of(Map.of(Attributes.RETENTION, stored));

        // THEN
        assertThat(stored).isEqualTo(AttributeValue.fromM(Map.of("orders", Values.s("PT10S"))));
        assertThat(read).isEqualTo(retention);
        assertThat(read.of(Entity.ORDER)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void of_shouldKeepTheDefault_forAnUnreadableValue_andIgnoreAnUnknownCollection() {
        // GIVEN
        Map<String, AttributeValue> business = Map.of(
                Attributes.RETENTION,
                AttributeValue.fromM(Map.of("orders", Values.s("soon"), "stores", Values.s("P1D"))));

        // WHEN
        Retention retention = Retention.of(business);

        // THEN
        assertThat(retention.set()).isEmpty();
        assertThat(retention.of(Entity.ORDER)).isEqualTo(Duration.ofDays(400));
    }

    @Test
    void format_shouldWriteWholeDaysInDays_andAnythingElseAsDurationDoes() {
        assertThat(Retention.format(Duration.ofDays(400))).isEqualTo("P400D");
        assertThat(Retention.format(Duration.ofDays(1).plusSeconds(1))).isEqualTo("PT24H1S");
        assertThat(Retention.format(Duration.ofSeconds(10))).isEqualTo("PT10S");
        assertThat(Retention.format(Duration.ZERO)).isEqualTo("P0D");
    }

    @Test
    void of_shouldRefuse_anEntityWithoutALifecycle() {
        assertThatThrownBy(() -> Retention.of(Map.of()).of(Entity.STORE)).isInstanceOf(IllegalArgumentException.class);
    }
}
