package io.entitytable.verify.archive;

import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.checks.ScannedTable;
import io.entitytable.model.ArchiveLease;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.ParallelTasks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Verify's check of the order archive against one Scan of the table: for each business the table holds, every order its
 * listing names is read (one GET) and its customer's listing looked for (one HEAD), {@value #CHECKERS} orders at a
 * time; and the archive's businesses are listed (one LIST a thousand), for any the table no longer holds. An order the
 * Scan saw in the table under a mover's lease is being moved, which is no finding: the move ends in one place. So is
 * one the Scan saw without a lease, archived since: an order found in both places is read again (one strongly
 * consistent GetItem) and reported only if it is still in the table under no held lease.
 *
 * <p>The archive is checked against the table {@code tableName}, which {@code dynamo} reads again where it must.
 */
public record ArchiveCheck(OrderArchive archive, DynamoDbClient dynamo, String tableName) {
    /** Orders checked at once: each is two requests to S3. */
    static final int CHECKERS = 16;

    /** {@code checked} counts the archived orders read so far, for progress. */
    public ArchiveReport verify(ScannedTable table, Instant now, AtomicLong checked) {
        Set<String> businesses = businessesOf(table);
        List<ArchiveFinding> findings = new ArrayList<>();
        long orders = 0;
        for (String business : businesses) {
            Iterator<List<ArchivePosition>> pages =
                    archive.everyOrderOf(business).iterator();
            while (pages.hasNext()) {
                List<ArchivePosition> page = pages.next();
                findings.addAll(checkPage(business, page, table, now));
                orders += page.size();
                checked.addAndGet(page.size());
            }
        }
        archive.listedBusinesses()
                .filter(business -> !businesses.contains(business))
                .forEach(business -> findings.add(new ArchiveFinding(
                        ArchiveFinding.Kind.ARCHIVE_OF_MISSING_BUSINESS,
                        business,
                        null,
                        "the archive lists orders of business " + business + ", which the table does not hold")));
        return new ArchiveReport(archive.bucket(), businesses.size(), orders, List.copyOf(findings));
    }

    private List<ArchiveFinding> checkPage(
            String business, List<ArchivePosition> page, ScannedTable table, Instant now) {
        List<Callable<Optional<ArchiveFinding>>> checks = new ArrayList<>(page.size());
        for (ArchivePosition position : page) {
            checks.add(() -> check(business, position, table, now));
        }
        return ParallelTasks.run("archive-check", Math.min(CHECKERS, checks.size()), checks).stream()
                .flatMap(Optional::stream)
                .toList();
    }

    private Optional<ArchiveFinding> check(String business, ArchivePosition position, ScannedTable table, Instant now) {
        Optional<ArchivedOrder> found;
        try {
            found = archive.find(position.orderId());
        } catch (IllegalArgumentException unreadable) {
            return finding(ArchiveFinding.Kind.UNREADABLE, business, position, unreadable.getMessage());
        }
        if (found.isEmpty()) {
            return finding(ArchiveFinding.Kind.LISTING_WITHOUT_ORDER, business, position, "no object of the order");
        }
        ArchivedOrder order = found.get();
        if (!order.businessId().equals(business)) {
            return finding(
                    ArchiveFinding.Kind.LISTING_OF_ANOTHER_BUSINESS,
                    business,
                    position,
                    "the order is business " + order.businessId() + "'s");
        }
        Optional<Map<String, AttributeValue>> live = table.core(Keys.subjectRef(Entity.ORDER, order.orderId()))
                .filter(scanned -> !moving(scanned, now))
                .flatMap(this::readAgain)
                .filter(current -> !moving(current, now));
        if (live.isPresent()) {
            return finding(
                    ArchiveFinding.Kind.BOTH_LIVE_AND_ARCHIVED,
                    business,
                    position,
                    "in the table (version " + Values.number(live.get(), Attributes.VERSION)
                            + ") and archived at version "
                            + order.version());
        }
        int lines = order.subject().items(Attributes.LINES).size();
        long lineCount = Values.number(order.items().get(0), Attributes.LINE_COUNT);
        if (lines != lineCount) {
            return finding(
                    ArchiveFinding.Kind.NOT_WHOLE, business, position, "holds " + lines + " lines of " + lineCount);
        }
        if (!archive.customerLists(order)) {
            return finding(
                    ArchiveFinding.Kind.CUSTOMER_LISTING_MISSING,
                    business,
                    position,
                    "customer " + order.customerId() + " does not list it");
        }
        return Optional.empty();
    }

    /** Whether a mover holds the order: its move ends with it in one place. */
    private static boolean moving(Map<String, AttributeValue> order, Instant now) {
        return ArchiveLease.of(order).filter(lease -> lease.heldAt(now)).isPresent();
    }

    /** The order item as the table holds it now; empty when it has gone (moved since the Scan). */
    private Optional<Map<String, AttributeValue>> readAgain(Map<String, AttributeValue> scanned) {
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(tableName)
                        .key(ItemKey.of(scanned).toAttributes())
                        .consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }

    private static Optional<ArchiveFinding> finding(
            ArchiveFinding.Kind kind, String business, ArchivePosition position, String detail) {
        return Optional.of(new ArchiveFinding(kind, business, position, detail));
    }

    /** The businesses the Scan found, in id order. */
    private static Set<String> businessesOf(ScannedTable table) {
        Set<String> businesses = new TreeSet<>();
        Collection<String> subjects = table.coreBySubject().keySet();
        for (String subject : subjects) {
            Keys.parseSubjectRef(subject)
                    .filter(ref -> ref.entity().isTenant())
                    .ifPresent(ref -> businesses.add(ref.id()));
        }
        return businesses;
    }
}
