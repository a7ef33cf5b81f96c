package io.entitytable.api.paging;

import java.util.Optional;

/**
 * One key that never changes while the function runs: the secret given in {@code CURSOR_SECRET} (the local runtime's
 * per data folder key, the tests' fixed one). It has no previous key: a new secret takes effect with a restart, and
 * cursors signed before it are refused (400).
 */
public record FixedCursorKeys(CursorKey current) implements CursorKeys {
    public static FixedCursorKeys of(String secret) {
        return new FixedCursorKeys(CursorKey.of(secret));
    }

    @Override
    public Optional<CursorKey> find(String id) {
        return current.id().equals(id) ? Optional.of(current) : Optional.empty();
    }
}
