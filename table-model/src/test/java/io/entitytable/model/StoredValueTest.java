package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StoredValueTest {
    @Test
    void everyStoredEnum_shouldReadBackTheValueItStores() {
        for (ItemKind kind : ItemKind.values()) {
            assertThat(ItemKind.fromValue(kind.value())).isEqualTo(kind);
        }
        for (RefreshJob.Status status : RefreshJob.Status.values()) {
            assertThat(StoredValue.fromValue(RefreshJob.Status.class, status.value()))
                    .isEqualTo(status);
        }
        assertThat(ItemKind.TOMBSTONE.value()).isEqualTo("tombstone");
        assertThat(EraseJob.Status.RUNNING.value()).isEqualTo("running");
    }

    @Test
    void anUnknownValue_shouldBeRefused_naming_theEnum() {
        assertThatThrownBy(() -> ItemKind.fromValue("TOMBSTONE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown ItemKind value: TOMBSTONE");
    }
}
