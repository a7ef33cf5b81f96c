package io.entitytable.verify.archive;

import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.OrderMove;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Repair of what {@link ArchiveCheck} found, each finding on its own so one failure stops nothing else: a listing that
 * names nothing of its business goes; an order its customer does not list is put again (the three objects, as the job
 * puts them); an order in both places keeps the table's and loses the archive's copy ({@link OrderMove#keepInTable});
 * the archive of a business the table no longer holds is deleted, a page of its listing at a time, as its erase would
 * have.
 */
public record ArchiveRepair(OrderArchive archive, OrderMove move) {
    public ArchiveRepairResult repair(ArchiveReport found) {
        List<ArchiveRepairResult.Attempt> attempts = new ArrayList<>();
        for (ArchiveFinding finding : found.repairable()) {
            try {
                attempts.add(repair(finding));
            } catch (SdkException | IllegalArgumentException e) {
                attempts.add(
                        new ArchiveRepairResult.Attempt(finding, ArchiveRepairResult.Outcome.FAILED, e.toString()));
            }
        }
        return new ArchiveRepairResult(List.copyOf(attempts));
    }

    private ArchiveRepairResult.Attempt repair(ArchiveFinding finding) {
        return switch (finding.kind()) {
            case LISTING_WITHOUT_ORDER, LISTING_OF_ANOTHER_BUSINESS -> {
                archive.deleteListing(finding.businessId(), finding.position());
                yield repaired(finding, "listing deleted");
            }
            case CUSTOMER_LISTING_MISSING -> {
                Optional<ArchivedOrder> order = archive.find(finding.orderId());
                if (order.isEmpty()) {
                    yield skipped(finding, "the order left the archive meanwhile");
                }
                archive.put(order.get());
                yield repaired(finding, "put again with its listings");
            }
            case BOTH_LIVE_AND_ARCHIVED -> {
                OrderMove.Kept kept = move.keepInTable(finding.orderId());
                yield kept == OrderMove.Kept.COPY_REMOVED
                        ? repaired(finding, "the archive's copy removed; the table's order stays")
                        : skipped(finding, kept.name().toLowerCase(java.util.Locale.ROOT));
            }
            case ARCHIVE_OF_MISSING_BUSINESS -> {
                long deleted = 0;
                Iterator<List<ArchivePosition>> pages =
                        archive.everyOrderOf(finding.businessId()).iterator();
                while (pages.hasNext()) {
                    List<ArchivePosition> page = pages.next();
                    archive.deleteAll(finding.businessId(), page);
                    deleted += page.size();
                }
                yield repaired(finding, deleted + " archived orders deleted");
            }
            case UNREADABLE, NOT_WHOLE -> skipped(finding, "not repairable");
        };
    }

    private static ArchiveRepairResult.Attempt repaired(ArchiveFinding finding, String detail) {
        return new ArchiveRepairResult.Attempt(finding, ArchiveRepairResult.Outcome.REPAIRED, detail);
    }

    private static ArchiveRepairResult.Attempt skipped(ArchiveFinding finding, String detail) {
        return new ArchiveRepairResult.Attempt(finding, ArchiveRepairResult.Outcome.SKIPPED, detail);
    }
}
