package io.entitytable.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.model.Ids;
import io.entitytable.s3.local.LocalS3;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** The archive against a real S3 API: one local server for the class, a business of its own for each test. */
class OrderArchiveTest {
    private static final String BUCKET = OrderArchiveBucket.LOCAL_NAME;
    private static final Instant NOON = Instant.parse("2026-11-03T12:00:00Z");
    private static final S3Calls CALLS = new S3Calls();

    @TempDir
    static Path folder;

    private static LocalS3 server;
    private static S3Client s3;
    private static OrderArchive archive;

    @BeforeAll
    static void start() {
        server = LocalS3.start(folder, 0);
        s3 = OrderArchive.serverClient(server.endpoint(), Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        server.credentials().accessKeyId(), server.credentials().secretAccessKey())))
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(CALLS))
                .build();
        s3.createBucket(request -> request.bucket(BUCKET));
        archive = new OrderArchive(s3, BUCKET);
    }

    @AfterAll
    static void stop() {
        s3.close();
        server.close();
    }

    @BeforeEach
    void forgetCalls() {
        CALLS.clear();
    }

    @Test
    void put_shouldWriteTheOrderBeforeItsListings_andFindShouldReadItBackEqual_inOneGet() {
        // GIVEN an archived order whose order item holds a value of every type
        ArchivedOrder order = ArchivedOrders.withEveryType(Ids.newId(), Ids.newId(), NOON.plusNanos(123_456_000));

        // WHEN it is put, then found by its id
        archive.put(order);
        List<String> putCalls = CALLS.all();
        CALLS.clear();
        Optional<ArchivedOrder> found = archive.find(order.orderId());

        // THEN the put wrote the order object, then the business's listing, then the customer's
        assertThat(putCalls)
                .containsExactly(
                        "PutObject " + ArchiveKeys.order(order.orderId()),
                        "PutObject " + ArchiveKeys.businessListing(order.businessId(), order.position()),
                        "PutObject " + ArchiveKeys.customerListing(order.customerId(), order.position()));
        // AND one GET read back an equal order, every item exactly as it was
        assertThat(CALLS.all()).containsExactly("GetObject " + ArchiveKeys.order(order.orderId()));
        assertThat(found).contains(order);
        assertThat(found.orElseThrow().items()).isEqualTo(order.items());
    }

    @Test
    void find_shouldBeEmpty_whenNoOrderOfTheIdIsArchived() {
        // GIVEN an id no order of the archive has
        String orderId = Ids.newId();

        // WHEN it is found
        Optional<ArchivedOrder> found = archive.find(orderId);

        // THEN there is none, after one GET
        assertThat(found).isEmpty();
        assertThat(CALLS.byOperation()).isEqualTo(Map.of("GetObject", 1));
    }

    @Test
    void businessPage_shouldListEveryOrderOnceNewestFirst_whenReadInPagesOfTen() {
        // GIVEN 25 archived orders of a business over three customers, pairs of them of one millisecond
        String business = Ids.newId();
        List<ArchivedOrder> orders = archiveOrders(business, 25, customers(3));

        // WHEN its pages of 10 are listed, each after the last of the one before
        List<ArchivePage> pages = new ArrayList<>();
        List<Map<String, Integer>> callsPerPage = new ArrayList<>();
        Optional<ArchivePosition> after = Optional.empty();
        do {
            CALLS.clear();
            pages.add(archive.businessPage(business, after, Optional.empty(), Optional.empty(), 10));
            callsPerPage.add(CALLS.byOperation());
            after = pages.get(pages.size() - 1).next();
        } while (pages.get(pages.size() - 1).more());

        // THEN three pages of 10, 10 and 5 list every order once, newest first, with no gap between pages
        assertThat(pages).extracting(page -> page.positions().size()).containsExactly(10, 10, 5);
        assertThat(pages).extracting(ArchivePage::more).containsExactly(true, true, false);
        assertThat(pages.stream().flatMap(page -> page.positions().stream()))
                .containsExactlyElementsOf(newestFirst(orders));
        // AND each page was one LIST
        assertThat(callsPerPage).containsOnly(Map.of("ListObjectsV2", 1));
    }

    @Test
    void customerPage_shouldListOnlyThatCustomersOrders_whenTheBusinessHasOthers() {
        // GIVEN 25 archived orders of a business over three customers
        String business = Ids.newId();
        List<String> customers = customers(3);
        List<ArchivedOrder> orders = archiveOrders(business, 25, customers);
        List<ArchivedOrder> theirs = orders.stream()
                .filter(order -> order.customerId().equals(customers.get(1)))
                .toList();
        CALLS.clear();

        // WHEN the second customer's first page of 5, and the page after it, are listed
        ArchivePage first = archive.customerPage(customers.get(1), Optional.empty(), 5);
        ArchivePage second = archive.customerPage(customers.get(1), first.next(), OrderArchive.MAX_PAGE);

        // THEN they hold that customer's orders, newest first, each once
        assertThat(first.more()).isTrue();
        assertThat(second.more()).isFalse();
        assertThat(Stream.concat(first.positions().stream(), second.positions().stream()))
                .containsExactlyElementsOf(newestFirst(theirs));
        assertThat(CALLS.byOperation()).isEqualTo(Map.of("ListObjectsV2", 2));
    }

    @Test
    void businessPage_shouldListTheOrdersOfTheRangeOnly_whenFromAndToAreGiven() {
        // GIVEN 25 archived orders of a business, a minute apart in pairs
        String business = Ids.newId();
        List<ArchivedOrder> orders = archiveOrders(business, 25, customers(2));
        // A range that starts and ends with the millisecond of an order, to see both bounds taken in
        Instant from = orders.get(4).createdAt();
        Instant to = orders.get(17).createdAt();
        List<ArchivePosition> inRange = newestFirst(orders.stream()
                .filter(order ->
                        !order.createdAt().isBefore(from) && !order.createdAt().isAfter(to))
                .toList());
        CALLS.clear();

        // WHEN it is listed in pages of 4, each after the last of the one before
        List<ArchivePosition> listed = new ArrayList<>();
        ArchivePage page;
        Optional<ArchivePosition> after = Optional.empty();
        do {
            page = archive.businessPage(business, after, Optional.of(from), Optional.of(to), 4);
            listed.addAll(page.positions());
            after = page.next();
        } while (page.more());

        // THEN it holds the orders of the range, both ends included, newest first, each once
        assertThat(inRange).hasSize(14);
        assertThat(listed).containsExactlyElementsOf(inRange);
        // AND four LISTs did it: the last page ends at the range's start and knows nothing follows
        assertThat(CALLS.byOperation()).isEqualTo(Map.of("ListObjectsV2", 4));
    }

    @Test
    void read_shouldSkipAnOrderWhoseObjectIsGone_andKeepThePagesOrder_inOneGetEach() {
        // GIVEN a page of a business's archived orders, one of them cut short in its delete: its business listing is
        // left, its customer listing and its object gone
        String business = Ids.newId();
        List<ArchivedOrder> orders = archiveOrders(business, 12, customers(2));
        ArchivePage page = archive.businessPage(business, Optional.empty(), Optional.empty(), Optional.empty(), 10);
        interruptDelete(find(orders, page.positions().get(3)));
        ArchivePage again = archive.businessPage(business, Optional.empty(), Optional.empty(), Optional.empty(), 10);
        CALLS.clear();

        // WHEN the page's orders are read
        List<ArchivedOrder> read = archive.read(again.positions());

        // THEN the page still lists the gone order, the read skips it and keeps the page's order for the rest
        assertThat(again.positions()).isEqualTo(page.positions());
        List<ArchivePosition> expected = new ArrayList<>(page.positions());
        expected.remove(3);
        assertThat(read).extracting(ArchivedOrder::position).containsExactlyElementsOf(expected);
        assertThat(read).allSatisfy(order -> assertThat(order).isEqualTo(find(orders, order.position())));
        // AND it made one GET a position
        assertThat(CALLS.byOperation()).isEqualTo(Map.of("GetObject", 10));
    }

    @Test
    void delete_shouldRemoveTheOrderObjectAndBothListings_theBusinessListingLast() {
        // GIVEN an archived order
        ArchivedOrder order = ArchivedOrders.archived(Ids.newId(), Ids.newId(), NOON);
        archive.put(order);
        CALLS.clear();

        // WHEN it is deleted
        archive.delete(order);

        // THEN its customer's listing, its object and its business's listing are gone, in that order
        assertThat(CALLS.all())
                .containsExactly(
                        "DeleteObject " + ArchiveKeys.customerListing(order.customerId(), order.position()),
                        "DeleteObject " + ArchiveKeys.order(order.orderId()),
                        "DeleteObject " + ArchiveKeys.businessListing(order.businessId(), order.position()));
        assertThat(keysUnder(ArchiveKeys.business(order.businessId()))).isEmpty();
        assertThat(keysUnder(ArchiveKeys.customerOrders(order.customerId()))).isEmpty();
        assertThat(archive.find(order.orderId())).isEmpty();
    }

    @Test
    void deleteAll_shouldLeaveNothingOfTheBusiness_pageByPage_afterADeleteWasCutShort_andNoOtherBusinessesOrder() {
        // GIVEN 25 archived orders of a business, one of them cut short in its delete, and one listed by mistake that
        // another business's order is archived under
        String business = Ids.newId();
        List<String> customers = customers(3);
        List<ArchivedOrder> orders = archiveOrders(business, 25, customers);
        interruptDelete(orders.get(7));
        ArchivedOrder othersOrder = ArchivedOrders.archived(Ids.newId(), Ids.newId(), NOON.minusSeconds(3600));
        archive.put(othersOrder);
        putEmpty(ArchiveKeys.businessListing(business, othersOrder.position()));
        CALLS.clear();

        // WHEN an erase goes through its listing in pages of 10, deleting each page
        List<Integer> pageSizes = new ArrayList<>();
        archive.everyOrderOf(business, 10).forEach(positions -> {
            pageSizes.add(positions.size());
            archive.deleteAll(business, positions);
        });

        // THEN it went through every listed order once, and nothing of the business is left in the bucket; the other
        // business's order is still whole
        assertThat(pageSizes).containsExactly(10, 10, 6);
        assertThat(CALLS.byOperation()).containsEntry("ListObjectsV2", 3);
        assertThat(keysUnder(ArchiveKeys.business(business))).isEmpty();
        for (String customer : customers) {
            assertThat(keysUnder(ArchiveKeys.customerOrders(customer))).isEmpty();
        }
        assertThat(orders)
                .allSatisfy(order -> assertThat(archive.find(order.orderId())).isEmpty());
        assertThat(archive.find(othersOrder.orderId())).contains(othersOrder);
        assertThat(keysUnder(ArchiveKeys.customerOrders(othersOrder.customerId())))
                .hasSize(1);
        assertThat(keysUnder(ArchiveKeys.business(othersOrder.businessId()))).hasSize(1);
    }

    @Test
    void everyOrderOf_shouldListAPageOnlyWhenItIsReached_whenTheBusinessHasSeveral() {
        // GIVEN 25 archived orders of a business
        String business = Ids.newId();
        List<ArchivedOrder> orders = archiveOrders(business, 25, customers(1));
        CALLS.clear();

        // WHEN the first page of its listing is taken
        List<ArchivePosition> first =
                archive.everyOrderOf(business, 10).findFirst().orElseThrow();

        // THEN it is the ten newest, after one LIST
        assertThat(first).containsExactlyElementsOf(newestFirst(orders).subList(0, 10));
        assertThat(CALLS.byOperation()).isEqualTo(Map.of("ListObjectsV2", 1));
    }

    @Test
    void find_shouldRefuseTheObject_whenItIsOfAnUnknownFormat() {
        // GIVEN an order object of a format this code does not know
        ArchivedOrder order = ArchivedOrders.archived(Ids.newId(), Ids.newId(), NOON);
        String newer = new String(order.toJson(), StandardCharsets.UTF_8).replace("\"format\":1", "\"format\":2");
        s3.putObject(
                request -> request.bucket(BUCKET).key(ArchiveKeys.order(order.orderId())),
                RequestBody.fromString(newer));

        // WHEN it is found, or read with a page
        // THEN it is refused, not read in part
        assertThatThrownBy(() -> archive.find(order.orderId()))
                .isInstanceOf(UnknownArchiveFormatException.class)
                .hasMessageContaining("format 2");
        assertThatThrownBy(() -> archive.read(List.of(order.position())))
                .isInstanceOf(UnknownArchiveFormatException.class);
    }

    @Test
    void fromEnvironment_shouldBeEmpty_whenNoBucketIsNamed() {
        // GIVEN an environment without the archive's variables
        Map<String, String> env = Map.of("AWS_REGION", "eu-west-1");

        // WHEN the archive is built from it
        // THEN there is none
        assertThat(OrderArchive.fromEnvironment(env)).isEmpty();
    }

    @Test
    void fromEnvironment_shouldReachTheBucket_whenTheEnvironmentNamesItAndItsEndpoint() {
        // GIVEN an environment naming the bucket and the local server, and the server's key where the SDK's default
        // credentials chain looks first (a function's environment has its role's)
        Map<String, String> env = Map.of(
                EnvironmentVariable.ARCHIVE_BUCKET.variable(),
                BUCKET,
                EnvironmentVariable.ARCHIVE_ENDPOINT.variable(),
                server.endpoint().toString());
        ArchivedOrder order = ArchivedOrders.archived(Ids.newId(), Ids.newId(), NOON);
        System.setProperty("aws.accessKeyId", server.credentials().accessKeyId());
        System.setProperty("aws.secretAccessKey", server.credentials().secretAccessKey());
        try {
            // WHEN the archive is built from it, and an order put through it
            OrderArchive fromEnvironment = OrderArchive.fromEnvironment(env).orElseThrow();
            fromEnvironment.put(order);

            // THEN the order is in that bucket
            assertThat(fromEnvironment.bucket()).isEqualTo(BUCKET);
            assertThat(archive.find(order.orderId())).contains(order);
            assertThat(fromEnvironment.find(order.orderId())).contains(order);
        } finally {
            System.clearProperty("aws.accessKeyId");
            System.clearProperty("aws.secretAccessKey");
        }
    }

    /**
     * {@code count} orders of the business, put, over {@code customers} in turn: two a minute, the two of one minute of
     * one millisecond. Oldest first.
     */
    private static List<ArchivedOrder> archiveOrders(String business, int count, List<String> customers) {
        List<ArchivedOrder> orders = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ArchivedOrder order = ArchivedOrders.archived(
                    business,
                    customers.get(i % customers.size()),
                    NOON.plusSeconds(60L * (i / 2)).plusNanos(7_000));
            archive.put(order);
            orders.add(order);
        }
        return orders;
    }

    /** What a delete cut short after its second step leaves: the business's listing of an order, pointing at nothing. */
    private static void interruptDelete(ArchivedOrder order) {
        s3.deleteObject(request ->
                request.bucket(BUCKET).key(ArchiveKeys.customerListing(order.customerId(), order.position())));
        s3.deleteObject(request -> request.bucket(BUCKET).key(ArchiveKeys.order(order.orderId())));
    }

    private static void putEmpty(String key) {
        s3.putObject(request -> request.bucket(BUCKET).key(key), RequestBody.empty());
    }

    private static List<String> customers(int count) {
        return Stream.generate(Ids::newId).limit(count).toList();
    }

    private static List<ArchivePosition> newestFirst(List<ArchivedOrder> orders) {
        return orders.stream().map(ArchivedOrder::position).sorted().toList();
    }

    private static ArchivedOrder find(List<ArchivedOrder> orders, ArchivePosition position) {
        return orders.stream()
                .filter(order -> order.position().equals(position))
                .findFirst()
                .orElseThrow();
    }

    private static List<String> keysUnder(String prefix) {
        return s3.listObjectsV2(request -> request.bucket(BUCKET).prefix(prefix)).contents().stream()
                .map(S3Object::key)
                .toList();
    }
}
