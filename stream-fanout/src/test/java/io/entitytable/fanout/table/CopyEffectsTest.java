package io.entitytable.fanout.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.logs.LogLine;
import io.entitytable.model.ItemKey;
import org.junit.jupiter.api.Test;

/** A batch's copies: every one counted, the first ones listed, nothing kept past a drain. */
class CopyEffectsTest {
    @Test
    void drain_shouldCountEveryCopy_listAtMostTheCap_andStartAgainEmpty() {
        // GIVEN more copies written than a line lists, and one deleted
        CopyEffects effects = new CopyEffects();
        for (int i = 0; i < LogLine.MAX_LISTED_KEYS + 5; i++) {
            effects.written(new ItemKey("store#S", "customer#C" + i));
        }
        effects.deleted(new ItemKey("tag#B#vip", "customer#C0"));

        // WHEN they are drained, twice
        CopyEffects.Drained first = effects.drain();
        CopyEffects.Drained second = effects.drain();

        // THEN the counts are whole, the list stops at the cap in the order written, and the second drain is empty
        assertThat(first.written()).isEqualTo(LogLine.MAX_LISTED_KEYS + 5);
        assertThat(first.deleted()).isEqualTo(1);
        assertThat(first.listed()).hasSize(LogLine.MAX_LISTED_KEYS);
        assertThat(first.listed().get(0).copy()).isEqualTo(new ItemKey("store#S", "customer#C0"));
        assertThat(second.written()).isZero();
        assertThat(second.deleted()).isZero();
        assertThat(second.listed()).isEmpty();
    }
}
