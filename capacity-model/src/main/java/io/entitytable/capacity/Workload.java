package io.entitytable.capacity;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the table is sized for. System-wide rates per second; the largest business takes {@link #largestBusinessShare}
 * of every business-scoped rate. {@code readMix} spreads {@code readsPerSecond} over the access patterns by their
 * number (docs/design.md, section 3), as fractions that sum to 1.
 */
public record Workload(
        String description,
        int businesses,
        double ordersPerSecond,
        double largestBusinessOrdersPerSecond,
        int linesPerOrder,
        int statusChangesPerOrder,
        double taggedOrderFraction,
        String orderTag,
        double customersCreatedPerSecond,
        double taggedCustomerFraction,
        String customerTag,
        double storesCreatedPerSecond,
        double tagsPerSecond,
        double linksPerSecond,
        int storesPerCustomer,
        double storeRenamesPerSecond,
        int customersPerStore,
        int bigStoreLinkedCustomers,
        double bigStoreRenamesPerHour,
        double readsPerSecond,
        int pageSize,
        Map<String, Double> readMix) {

    /** The reference workload (tools/capacity/workloads/reference.json), shipped with the model. */
    private static final String REFERENCE = "reference.json";
    /** The reference workload with its largest business in a flash sale (tools/capacity/workloads/flash-sale.json). */
    private static final String FLASH_SALE = "flash-sale.json";

    private static final ObjectReader READER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .readerFor(Workload.class);

    public double largestBusinessShare() {
        return largestBusinessOrdersPerSecond / ordersPerSecond;
    }

    /**
     * The write requests a second of the largest business, what the product's growth rule ({@link
     * io.entitytable.model.ShardGrowth}) measures: every create, update and delete of its subjects that the model
     * runs (orders placed and their status changes, customers and stores created, tags, links, store renames, the big
     * store's among them). The fan-out's copies are no API request and do not count.
     */
    public double largestBusinessWritesPerSecond() {
        double bigRenamesPerSecond = bigStoreRenamesPerHour / 3600;
        return largestBusinessShare() * (writesPerSecond() - bigRenamesPerSecond) + bigRenamesPerSecond;
    }

    /**
     * The write requests a second of a business of average size: every business's writes shared equally. With sizes
     * that follow Zipf's law most businesses are far smaller than that.
     */
    public double averageBusinessWritesPerSecond() {
        return writesPerSecond() / businesses;
    }

    /** Every business's write requests a second. */
    private double writesPerSecond() {
        return ordersPerSecond * (1 + statusChangesPerOrder)
                + customersCreatedPerSecond
                + storesCreatedPerSecond
                + tagsPerSecond
                + linksPerSecond
                + storeRenamesPerSecond;
    }

    public static Workload read(Path file) throws IOException {
        return READER.readValue(file.toFile());
    }

    /** The reference workload, as the model's jar ships it. */
    public static Workload reference() {
        return shipped(REFERENCE);
    }

    /**
     * The reference workload with only its largest business's order rate raised to 10,000 orders a second, as the
     * model's jar ships it: the flash sale the business's own shard count is there to take.
     */
    public static Workload flashSale() {
        return shipped(FLASH_SALE);
    }

    private static Workload shipped(String name) {
        return ShippedFiles.read(name, READER);
    }
}
