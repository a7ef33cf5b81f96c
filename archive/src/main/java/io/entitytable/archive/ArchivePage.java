package io.entitytable.archive;

import java.util.List;
import java.util.Optional;

/**
 * One page of a business's or a customer's archived orders: their positions, newest first, and whether more follow.
 *
 * @param more whether orders of the listing (and of the range asked) follow the last of this page
 */
public record ArchivePage(List<ArchivePosition> positions, boolean more) {
    public ArchivePage {
        positions = List.copyOf(positions);
    }

    /** The position the next page starts after, when more follow. */
    public Optional<ArchivePosition> next() {
        return more && !positions.isEmpty() ? Optional.of(positions.get(positions.size() - 1)) : Optional.empty();
    }
}
