package io.entitytable.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableSet;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ArchiveKeysTest {
    private static final String BUSINESS = "01JBZ7M3Q0A8D1S9X4Y2V6K5TN";
    private static final String CUSTOMER = "01JBZ7N5E8G2H4J6K8M0P2Q4RS";
    private static final String ORDER = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    private static final Instant NOON = Instant.parse("2026-11-03T12:00:00Z");

    @Test
    void order_shouldSpreadOrdersUnderAStableHashPrefix_whenKeyedByTheirIds() {
        // GIVEN an id, and a thousand ids of one second (ULIDs of one time share their first ten characters)
        Set<String> prefixes = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            prefixes.add(ArchiveKeys.order(Ids.newId()).substring(0, "orders/xx/".length()));
        }

        // WHEN the order object's key is built
        String key = ArchiveKeys.order(ORDER);

        // THEN it is orders/<first byte of SHA-256 of the id, hex>/<id>, the same on every run and in every language
        // (printf %s 01ARZ3NDEKTSV4RRFFQ69G5FAV | sha256sum starts with 8e)
        assertThat(key).isEqualTo("orders/8e/01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assertThat(ArchiveKeys.order(ORDER)).isEqualTo(key);
        // AND ids of one moment spread over most of the 256 prefixes
        assertThat(prefixes).hasSizeGreaterThan(200).allMatch(prefix -> prefix.matches("orders/[0-9a-f]{2}/"));
    }

    @Test
    void listingKeys_shouldInvertTheMillisAndTheId_whenBuiltForAPosition() {
        // GIVEN an order's position
        ArchivePosition position = new ArchivePosition(Instant.parse("2026-11-03T10:00:00.123Z"), ORDER);

        // WHEN its listing keys are built
        String business = ArchiveKeys.businessListing(BUSINESS, position);
        String customer = ArchiveKeys.customerListing(CUSTOMER, position);

        // THEN they hold 9999999999999 minus its millis (1793700000123), then the id inverted character by character
        assertThat(business).isEqualTo("businesses/" + BUSINESS + "/orders/8206299999876-ZYN70WAJHC564V77GG8SPFTGN4");
        assertThat(customer).isEqualTo("customers/" + CUSTOMER + "/orders/8206299999876-ZYN70WAJHC564V77GG8SPFTGN4");
        assertThat(business)
                .startsWith(ArchiveKeys.businessOrders(BUSINESS))
                .startsWith(ArchiveKeys.business(BUSINESS));
        assertThat(customer).startsWith(ArchiveKeys.customerOrders(CUSTOMER));
        // AND read back to the position
        assertThat(ArchiveKeys.parseListing(business)).isEqualTo(position);
        assertThat(ArchiveKeys.parseListing(customer)).isEqualTo(position);
    }

    @Test
    void listingKeys_shouldSortNewestFirstAndReadBack_whenOrdersShareMilliseconds() {
        // GIVEN positions over a few milliseconds, several orders in each
        List<ArchivePosition> positions = positions(new Random(7), 300, 5);

        // WHEN their keys are sorted as S3 lists them, in ascending order of their UTF-8 bytes (ASCII here)
        List<ArchivePosition> listed = positions.stream()
                .map(position -> ArchiveKeys.businessListing(BUSINESS, position))
                .sorted()
                .map(ArchiveKeys::parseListing)
                .toList();

        // THEN they come newest first, and of one millisecond the greatest id first
        assertThat(listed).containsExactlyInAnyOrderElementsOf(positions);
        assertThat(listed)
                .isSortedAccordingTo(Comparator.comparing(ArchivePosition::createdAt)
                        .reversed()
                        .thenComparing(ArchivePosition::orderId, Comparator.reverseOrder()));
        assertThat(listed).isSorted();
        // AND in the order of the table's live lists: the order type descending, then the id descending
        assertThat(listed)
                .isSortedAccordingTo(
                        Comparator.comparing((ArchivePosition position) -> Keys.orderType(position.createdAt()))
                                .thenComparing(ArchivePosition::orderId)
                                .reversed());
    }

    @Test
    void startAfter_shouldListExactlyTheOlderOrders_whenGivenAPosition() {
        // GIVEN a business's listing, as S3 holds it
        List<ArchivePosition> positions = positions(new Random(11), 100, 4);
        NavigableSet<String> listing = listing(positions);
        List<ArchivePosition> newestFirst = positions.stream().sorted().toList();

        for (ArchivePosition after : newestFirst) {
            // WHEN it is listed after each position in turn
            List<ArchivePosition> listed =
                    list(listing, ArchiveKeys.startAfter(ArchiveKeys.businessOrders(BUSINESS), after));

            // THEN the list is every order after it, that one not again
            assertThat(listed).isEqualTo(newestFirst.subList(newestFirst.indexOf(after) + 1, newestFirst.size()));
        }
    }

    @Test
    void startAfterNewerThan_shouldListTheOrdersCreatedAtOrBeforeTo_whenOrdersShareItsMillisecond() {
        // GIVEN orders a millisecond before, at, and a millisecond after an instant, two of each
        Instant to = NOON.plusNanos(400_000);
        List<ArchivePosition> positions = new ArrayList<>();
        for (Instant createdAt : List.of(NOON.minusMillis(1), NOON, NOON.plusMillis(1))) {
            positions.add(new ArchivePosition(createdAt, Ids.newId()));
            positions.add(new ArchivePosition(createdAt, Ids.newId()));
        }

        // WHEN the listing starts after the key for "created at or before the instant"
        List<ArchivePosition> listed =
                list(listing(positions), ArchiveKeys.startAfterNewerThan(ArchiveKeys.businessOrders(BUSINESS), to));

        // THEN it holds the orders of its millisecond and older, newest first
        assertThat(listed)
                .isEqualTo(positions.stream()
                        .filter(position -> !position.createdAt().isAfter(NOON))
                        .sorted()
                        .toList());
    }

    @Test
    void position_shouldKeepMilliseconds_whenCreatedWithAFinerInstant() {
        // GIVEN an instant with microseconds
        Instant createdAt = Instant.parse("2026-11-03T10:00:00.123456Z");

        // WHEN it positions an order
        ArchivePosition position = new ArchivePosition(createdAt, ORDER);

        // THEN the position holds its millisecond, as the table's sort key does
        assertThat(position.createdAt()).isEqualTo(Instant.parse("2026-11-03T10:00:00.123Z"));
        assertThat(position.isBefore(createdAt)).isFalse();
        assertThat(position.isBefore(createdAt.plusMillis(1))).isTrue();
    }

    @Test
    void keys_shouldBeRefused_whenAnIdIsNoUlid() {
        // GIVEN ids that are no ULIDs, one that would reach another prefix
        ArchivePosition position = new ArchivePosition(NOON, ORDER);

        // WHEN keys are built of them, or a key of no listing is parsed
        // THEN each is refused
        assertThatThrownBy(() -> ArchiveKeys.order("../" + ORDER)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ArchiveKeys.businessListing(BUSINESS + "/x", position))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ArchiveKeys.customerOrders("smith")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ArchivePosition(NOON, ORDER.toLowerCase()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ArchiveKeys.parseListing(ArchiveKeys.order(ORDER)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ArchiveKeys.parseListing(ArchiveKeys.businessOrders(BUSINESS) + "8206299999876-"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code count} positions over {@code millis} consecutive milliseconds from noon. */
    private static List<ArchivePosition> positions(Random random, int count, int millis) {
        List<ArchivePosition> positions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            positions.add(new ArchivePosition(NOON.plusMillis(random.nextInt(millis)), Ids.newId()));
        }
        return positions;
    }

    private static NavigableSet<String> listing(List<ArchivePosition> positions) {
        return positions.stream()
                .map(position -> ArchiveKeys.businessListing(BUSINESS, position))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** What a ListObjectsV2 of the business's listing with {@code startAfter} lists, read back. */
    private static List<ArchivePosition> list(NavigableSet<String> listing, String startAfter) {
        return listing.tailSet(startAfter, false).stream()
                .filter(key -> key.startsWith(ArchiveKeys.businessOrders(BUSINESS)))
                .map(ArchiveKeys::parseListing)
                .toList();
    }
}
