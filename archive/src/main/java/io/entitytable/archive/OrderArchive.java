package io.entitytable.archive;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.model.access.ParallelTasks;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The order archive: archived orders in one S3 bucket, laid out by {@link ArchiveKeys}. What the archive job, the API
 * and the erase, export and repair tools read and write the bucket with; each method makes the S3 calls its comment
 * counts, and no other.
 *
 * <p>An order is three objects: its {@link ArchiveKeys#order object}, and a listing object in its business's and its
 * customer's listings. They are written and deleted in an order that keeps every object of a business reachable from
 * the business's listing, whatever step a crash stops at: a put writes the order object, then the business's listing,
 * then the customer's; a delete removes the customer's listing, then the order object, then the business's listing.
 * So an order object is never listed before it exists (a put cut short leaves an object no list shows, which the job
 * puts again, since the order is still in the table); and a delete cut short leaves at most the business's listing
 * pointing at nothing, which readers skip ({@link #read}) and a business's erase still finds ({@link #everyOrderOf}
 * then {@link #deleteListing}).
 */
public record OrderArchive(S3Client s3, String bucket) {
    /** GETs in flight while a page of orders is read. */
    static final int READERS = 16;

    /**
     * The largest page: ListObjectsV2 answers at most 1,000 keys, and a page asks for one more than it answers, to know
     * whether more follow.
     */
    public static final int MAX_PAGE = 999;

    /** Keys a ListObjectsV2 of {@link #everyOrderOf} asks for: S3's most. */
    private static final int EVERY_ORDER_PAGE = 1000;

    /** The region the archive is in when the environment names none, as with a local S3-compatible server. */
    private static final String DEFAULT_REGION = "us-east-1";

    private static final String AWS_REGION = "AWS_REGION";
    private static final String JSON = "application/json";

    /**
     * The archive that {@link EnvironmentVariable#ARCHIVE_BUCKET} names, on AWS's S3, or where {@link
     * EnvironmentVariable#ARCHIVE_ENDPOINT} is set, on the S3-compatible server there; empty where no bucket is named.
     * Credentials come from the SDK's default chain, the function's role on AWS.
     */
    public static Optional<OrderArchive> fromEnvironment(Map<String, String> env) {
        String bucket = env.get(EnvironmentVariable.ARCHIVE_BUCKET.variable());
        if (bucket == null || bucket.isBlank()) {
            return Optional.empty();
        }
        String endpoint = env.get(EnvironmentVariable.ARCHIVE_ENDPOINT.variable());
        return Optional.of(named(
                bucket,
                Optional.ofNullable(endpoint).filter(value -> !value.isBlank()).map(URI::create),
                env.getOrDefault(AWS_REGION, DEFAULT_REGION)));
    }

    /**
     * The archive in {@code bucket}, on AWS's S3 in {@code region}, or on the S3-compatible server at {@code endpoint};
     * credentials from the SDK's default chain. What a function reads from its environment and an operator's tool from
     * its options.
     */
    public static OrderArchive named(String bucket, Optional<URI> endpoint, String region) {
        Region in = Region.of(region == null ? DEFAULT_REGION : region);
        S3Client client = endpoint.isPresent()
                ? serverClient(endpoint.get(), in).build()
                : S3Client.builder()
                        .httpClient(UrlConnectionHttpClient.create())
                        .region(in)
                        .build();
        return new OrderArchive(client, bucket);
    }

    /**
     * A client of the S3-compatible server at {@code endpoint} (local-s3), to finish with credentials (and, in tests,
     * interceptors). Such a server has no bucket host names, and checks a whole body's SHA-256 rather than the trailing
     * checksums the SDK sends by default; on AWS the SDK's defaults stand.
     */
    public static S3ClientBuilder serverClient(URI endpoint, Region region) {
        return S3Client.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .region(region)
                .endpointOverride(endpoint)
                .forcePathStyle(true)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED);
    }

    /** Archives an order: three PUTs, the order object first (see the class comment). Putting it again is harmless. */
    public void put(ArchivedOrder order) {
        s3.putObject(
                request -> request.bucket(bucket)
                        .key(ArchiveKeys.order(order.orderId()))
                        .contentType(JSON),
                RequestBody.fromBytes(order.toJson()));
        putEmpty(ArchiveKeys.businessListing(order.businessId(), order.position()));
        putEmpty(ArchiveKeys.customerListing(order.customerId(), order.position()));
    }

    /**
     * The archived order of that id: one GET.
     *
     * @throws UnknownArchiveFormatException when its object is of a format this code does not read
     */
    public Optional<ArchivedOrder> find(String orderId) {
        String key = ArchiveKeys.order(orderId);
        ResponseBytes<GetObjectResponse> object;
        try {
            object = s3.getObjectAsBytes(request -> request.bucket(bucket).key(key));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
        return Optional.of(ArchivedOrder.fromJson(key, object.asByteArrayUnsafe()));
    }

    /**
     * A page of a business's archived orders, newest first: one LIST. Orders created after {@code to} are left out, and
     * the page ends at the first order created before {@code from}, both to the millisecond.
     *
     * @param after the last position of the page before; the first page when empty
     * @param limit 1 to {@link #MAX_PAGE}
     */
    public ArchivePage businessPage(
            String businessId,
            Optional<ArchivePosition> after,
            Optional<Instant> from,
            Optional<Instant> to,
            int limit) {
        String prefix = ArchiveKeys.businessOrders(businessId);
        Optional<String> afterKey = after.map(position -> ArchiveKeys.startAfter(prefix, position));
        Optional<String> toKey = to.map(instant -> ArchiveKeys.startAfterNewerThan(prefix, instant));
        // Both bound where the list starts: the later key in the listing is the tighter bound.
        Optional<String> startAfter =
                Stream.of(afterKey, toKey).flatMap(Optional::stream).max(String::compareTo);
        return page(prefix, startAfter, from, limit);
    }

    /** A page of a customer's archived orders, newest first: one LIST. */
    public ArchivePage customerPage(String customerId, Optional<ArchivePosition> after, int limit) {
        String prefix = ArchiveKeys.customerOrders(customerId);
        return page(prefix, after.map(position -> ArchiveKeys.startAfter(prefix, position)), Optional.empty(), limit);
    }

    private ArchivePage page(String prefix, Optional<String> startAfter, Optional<Instant> from, int limit) {
        if (limit < 1 || limit > MAX_PAGE) {
            throw new IllegalArgumentException("a page holds 1 to " + MAX_PAGE + " orders: " + limit);
        }
        ListObjectsV2Response listed = s3.listObjectsV2(request -> request.bucket(bucket)
                .prefix(prefix)
                .startAfter(startAfter.orElse(null))
                .maxKeys(limit + 1));
        List<ArchivePosition> positions = new ArrayList<>(limit);
        for (S3Object object : listed.contents()) {
            ArchivePosition position = ArchiveKeys.parseListing(object.key());
            if (from.isPresent() && position.isBefore(from.get())) {
                return new ArchivePage(positions, false);
            }
            if (positions.size() == limit) {
                return new ArchivePage(positions, true);
            }
            positions.add(position);
        }
        return new ArchivePage(positions, listed.isTruncated());
    }

    /**
     * The archived orders of a page, in its order: one GET each, {@link #READERS} at a time. A position whose order
     * object is gone (a delete under way or cut short) is skipped.
     */
    public List<ArchivedOrder> read(List<ArchivePosition> positions) {
        if (positions.isEmpty()) {
            return List.of();
        }
        List<Callable<Optional<ArchivedOrder>>> gets = new ArrayList<>(positions.size());
        for (ArchivePosition position : positions) {
            gets.add(() -> find(position.orderId()));
        }
        return ParallelTasks.run("order-archive-read", Math.min(READERS, gets.size()), gets).stream()
                .flatMap(Optional::stream)
                .toList();
    }

    /**
     * Deletes an archived order: three DELETEs, the business's listing last (see the class comment). Deleting it again
     * is harmless.
     */
    public void delete(ArchivedOrder order) {
        delete(ArchiveKeys.customerListing(order.customerId(), order.position()));
        delete(ArchiveKeys.order(order.orderId()));
        deleteListing(order.businessId(), order.position());
    }

    /**
     * Deletes a business's listing of an order: one DELETE. What finishes a delete cut short after the order object,
     * whose customer is known no more, for a position {@link #read} skips.
     */
    public void deleteListing(String businessId, ArchivePosition position) {
        delete(ArchiveKeys.businessListing(businessId, position));
    }

    /**
     * Deletes a business's archived orders at {@code positions} of its listing: for each, one GET (for its customer)
     * and the three DELETEs of {@link #delete}, {@link #READERS} orders at a time; a position whose order object is
     * gone (or, listed by mistake, another business's) loses the listing only. What a business's erase deletes its archive with, a page of its listing at a time.
     */
    public void deleteAll(String businessId, List<ArchivePosition> positions) {
        if (positions.isEmpty()) {
            return;
        }
        List<Callable<Void>> deletes = new ArrayList<>(positions.size());
        for (ArchivePosition position : positions) {
            deletes.add(() -> {
                find(position.orderId())
                        .filter(order -> order.businessId().equals(businessId))
                        .ifPresentOrElse(this::delete, () -> deleteListing(businessId, position));
                return null;
            });
        }
        ParallelTasks.run("order-archive-delete", Math.min(READERS, deletes.size()), deletes);
    }

    /**
     * Every archived order of a business, newest first, a page of up to 1,000 positions at a time, each page one LIST
     * made as the stream reaches it: for export, erase and verify.
     */
    public Stream<List<ArchivePosition>> everyOrderOf(String businessId) {
        return everyOrderOf(businessId, EVERY_ORDER_PAGE);
    }

    Stream<List<ArchivePosition>> everyOrderOf(String businessId, int pageSize) {
        return s3
                .listObjectsV2Paginator(request -> request.bucket(bucket)
                        .prefix(ArchiveKeys.businessOrders(businessId))
                        .maxKeys(pageSize))
                .stream()
                .map(page -> page.contents().stream()
                        .map(object -> ArchiveKeys.parseListing(object.key()))
                        .toList())
                .filter(page -> !page.isEmpty());
    }

    /**
     * Every business that has a listing in the archive, a page of up to 1,000 at a time, each page one LIST (with a
     * delimiter, so a business's orders are not listed): for verify, which looks for the archive of a business the table
     * no longer holds.
     */
    public Stream<String> listedBusinesses() {
        return s3
                .listObjectsV2Paginator(request -> request.bucket(bucket)
                        .prefix(ArchiveKeys.businesses())
                        .delimiter("/")
                        .maxKeys(EVERY_ORDER_PAGE))
                .stream()
                .flatMap(page -> page.commonPrefixes().stream())
                .map(prefix -> ArchiveKeys.businessOfPrefix(prefix.prefix()));
    }

    /** Whether the order's customer lists it: one HEAD. For verify: a put cut short leaves an order unlisted there. */
    public boolean customerLists(ArchivedOrder order) {
        try {
            s3.headObject(request ->
                    request.bucket(bucket).key(ArchiveKeys.customerListing(order.customerId(), order.position())));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        }
    }

    private void putEmpty(String key) {
        s3.putObject(request -> request.bucket(bucket).key(key), RequestBody.empty());
    }

    private void delete(String key) {
        s3.deleteObject(request -> request.bucket(bucket).key(key));
    }
}
