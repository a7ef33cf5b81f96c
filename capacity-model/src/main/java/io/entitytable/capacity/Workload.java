package io.entitytable.capacity;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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

    private static final ObjectReader READER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .readerFor(Workload.class);

    public double largestBusinessShare() {
        return largestBusinessOrdersPerSecond / ordersPerSecond;
    }

    public static Workload read(Path file) throws IOException {
        return READER.readValue(file.toFile());
    }

    /** The reference workload, as the model's jar ships it. */
    public static Workload reference() {
        try (InputStream in = Workload.class.getResourceAsStream(REFERENCE)) {
            if (in == null) {
                throw new IllegalStateException("no " + REFERENCE + " beside " + Workload.class.getName());
            }
            return READER.readValue(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
