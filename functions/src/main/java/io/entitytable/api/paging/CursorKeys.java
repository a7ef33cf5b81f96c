package io.entitytable.api.paging;

import java.util.Optional;

/**
 * The keys of cursors: the current one signs every new cursor; the current or the previous one verifies a cursor,
 * whichever its key id names. After a rotation the key that signed the cursors already handed out is the previous one,
 * so they stay valid until the next rotation.
 *
 * <p>Two sources: {@link FixedCursorKeys} ({@code CURSOR_SECRET}, the local runtime and tests) and {@link
 * SecretsManagerCursorKeys} ({@code CURSOR_SECRET_ARN}, on AWS).
 */
public interface CursorKeys {
    /** The key that signs new cursors. */
    CursorKey current();

    /** The current or the previous key if {@code id} names one of them; empty for any other id. */
    Optional<CursorKey> find(String id);
}
