package io.entitytable.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * TEST ONLY: a data folder as the version before patterns 14 and 15 left it, written by that version's own local runtime
 * through its API ({@code src/test/previous-version/make.sh}), and the manifest of what it acknowledged: a business with a
 * store, 9,000 customers and 2,000 orders. Emails come from a pool of {@link #EMAILS} addresses in mixed case, so each
 * address is several customers'; every third customer has none. Each order has one to three lines of SKUs from a pool
 * of {@link #SKUS}, a SKU on two lines now and then.
 */
final class PreviousVersionFolder {
    static final int EMAILS = 200;
    static final int SKUS = 20;
    private static final String FOLDER = "/previous-version/data-folder.zip";
    private static final String MANIFEST = "/previous-version/manifest.json";

    /** The business, each customer's email as written (null for none) in the order written, and each order's SKUs. */
    record Written(String business, Map<String, String> emails, Map<String, Set<String>> orderSkus) {}

    private PreviousVersionFolder() {}

    /** Unpacks the folder into {@code dataFolder} (which has nothing else yet) and reads what it holds. */
    static Written unpackInto(Path dataFolder) {
        try {
            unzip(dataFolder);
            return manifest();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One of the pool's SKUs. */
    static String sku(int n) {
        return "SKU-" + n;
    }

    /** One of the pool's addresses, in a letter case that changes with the customer. */
    static String email(int address, int customer) {
        String plain = "pat." + address + "@example.com";
        return customer % 2 == 0 ? plain : plain.toUpperCase(Locale.ROOT);
    }

    private static void unzip(Path dataFolder) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(resource(FOLDER))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path file = dataFolder.resolve(entry.getName()).normalize();
                if (!file.startsWith(dataFolder)) {
                    throw new IOException("an entry outside the data folder: " + entry.getName());
                }
                Files.createDirectories(file.getParent());
                Files.copy(zip, file);
            }
        }
    }

    private static Written manifest() throws IOException {
        JsonNode manifest;
        try (InputStream in = resource(MANIFEST)) {
            manifest = new ObjectMapper().readTree(in);
        }
        Map<String, String> emails = new LinkedHashMap<>();
        manifest.get("customers")
                .properties()
                .forEach(customer -> emails.put(
                        customer.getKey(),
                        customer.getValue().isNull()
                                ? null
                                : customer.getValue().asText()));
        Map<String, Set<String>> orderSkus = new LinkedHashMap<>();
        manifest.get("orders").properties().forEach(order -> {
            Set<String> skus = new LinkedHashSet<>();
            order.getValue().forEach(sku -> skus.add(sku.asText()));
            orderSkus.put(order.getKey(), skus);
        });
        return new Written(manifest.get("business").asText(), emails, orderSkus);
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = PreviousVersionFolder.class.getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is not on the test class path");
        }
        return in;
    }
}
