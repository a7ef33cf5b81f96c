package io.entitytable.fanout.erase;

import io.entitytable.archive.ArchiveKeys;
import io.entitytable.archive.ArchivePage;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.EraseJob;
import java.util.List;
import java.util.Optional;

/**
 * The erase's last phase ({@link EraseJob.Phase#ARCHIVE}): the business's archived orders, a page of its archive
 * listing at a time ({@link EraseJob#PAGE_SIZE} orders), each deleted with its listings ({@link
 * OrderArchive#deleteAll}). The listing is one S3 prefix, not split by write shard, so segment 0 of the phase does all
 * of it and the others have nothing to do. A deployment without an archive has nothing there either.
 *
 * <p>A cursor is the listing key of the page's last order: the next page lists after it.
 *
 * @param archive the order archive, when the deployment has one
 */
record ArchivedOrderDeletes(Optional<OrderArchive> archive) {
    /** A page's orders deleted, and where the next page starts (null after the last). */
    record Page(int deleted, String cursor) {}

    Page page(String businessId, int segment, String cursor) {
        if (archive.isEmpty() || segment != 0) {
            return new Page(0, null);
        }
        OrderArchive orders = archive.get();
        Optional<ArchivePosition> after = Optional.ofNullable(cursor).map(ArchiveKeys::parseListing);
        ArchivePage listed =
                orders.businessPage(businessId, after, Optional.empty(), Optional.empty(), EraseJob.PAGE_SIZE);
        List<ArchivePosition> positions = listed.positions();
        orders.deleteAll(businessId, positions);
        String next = listed.more() && !positions.isEmpty()
                ? ArchiveKeys.businessListing(businessId, positions.get(positions.size() - 1))
                : null;
        return new Page(positions.size(), next);
    }
}
