package io.entitytable.local.engine.storage;

import static io.entitytable.local.engine.storage.Fixtures.commit;
import static io.entitytable.local.engine.storage.Fixtures.put;
import static io.entitytable.local.engine.storage.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryStorageTest {
    @Test
    void load_shouldGiveNothingWhateverWasWritten() {
        // GIVEN
        MemoryStorage storage = new MemoryStorage();
        storage.tableDescribed("a", table("a"));
        commit(storage, put("a", "1", "v"));

        // WHEN
        RecordingLoader loaded = RecordingLoader.load(storage);

        // THEN
        assertThat(loaded.calls).isEmpty();
        assertThat(storage.wantsSnapshot()).isFalse();
    }
}
