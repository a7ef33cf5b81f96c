package io.entitytable.capacity;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the table is sized for. System-wide rates per second; the largest business takes {@link #largestBusinessShare}
 * of every business-scoped rate. {@code readMix} spreads {@code readsPerSecond} over the access patterns by their
 * number (docs/design.md, section 3), as fractions that sum to 1.
 */
record Workload(
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

    double largestBusinessShare() {
        return largestBusinessOrdersPerSecond / ordersPerSecond;
    }

    static Workload read(Path file) throws IOException {
        return new ObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
                .readValue(file.toFile(), Workload.class);
    }
}
