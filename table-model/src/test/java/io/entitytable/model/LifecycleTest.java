package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LifecycleTest {

    @Test
    void order_shouldDeclareDeliveredAndCancelledFinished_keptFourHundredDays_thenArchived() {
        // WHEN
        Lifecycle lifecycle = Entity.ORDER.lifecycle().orElseThrow();

        // THEN
        assertThat(lifecycle.stateAttribute()).isEqualTo(Attributes.STATUS);
        assertThat(lifecycle.finishedStates()).containsExactlyInAnyOrder("DELIVERED", "CANCELLED");
        assertThat(lifecycle.defaultRetention()).isEqualTo(Duration.ofDays(400));
        assertThat(lifecycle.destination()).isEqualTo(Lifecycle.Destination.ARCHIVE);
        assertThat(Entity.withLifecycle()).containsExactly(Entity.ORDER);
        assertThat(Entity.BUSINESS.lifecycle()).isEmpty();
        assertThat(Entity.CUSTOMER.lifecycle()).isEmpty();
    }

    @Test
    void isFinished_shouldHoldOnlyForAFinishedState() {
        Lifecycle lifecycle = Entity.ORDER.lifecycle().orElseThrow();

        assertThat(lifecycle.isFinished(Map.of(Attributes.STATUS, Values.s("DELIVERED"))))
                .isTrue();
        assertThat(lifecycle.isFinished(Map.of(Attributes.STATUS, Values.s("CANCELLED"))))
                .isTrue();
        assertThat(lifecycle.isFinished(Map.of(Attributes.STATUS, Values.s("SHIPPED"))))
                .isFalse();
        assertThat(lifecycle.isFinished(Map.of())).isFalse();
    }

    @Test
    void aDeclaration_shouldBeRefused_withoutAFinishedState_orWithARetentionOutOfRange() {
        assertThatThrownBy(() -> Lifecycle.finishedWhen(Attributes.STATUS)
                        .keptFor(Duration.ofDays(1))
                        .thenArchived())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Lifecycle.finishedWhen(Attributes.STATUS, "DONE")
                        .keptFor(Duration.ofDays(-1))
                        .thenArchived())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Lifecycle.finishedWhen(Attributes.STATUS, "DONE")
                        .keptFor(Lifecycle.MAXIMUM_RETENTION.plusDays(1))
                        .thenArchived())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
