package io.entitytable.bench;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.search.local.LocalSearchEngine;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A search engine of a harness's own (in a temporary folder, on a free port) with the search part's synthetic
 * documents bulk-indexed straight into the API's index, for the harnesses that measure one side of a search alone.
 */
final class SeededEngine implements AutoCloseable {
    private final LocalSearchEngine server;
    private final EngineCalls calls;
    private final List<String> businessIds;
    private final Random random;

    private SeededEngine(LocalSearchEngine server, EngineCalls calls, List<String> businessIds, Random random) {
        this.server = server;
        this.calls = calls;
        this.businessIds = businessIds;
        this.random = random;
    }

    /**
     * The engine of a harness whose command line starts {@code [documents] [businesses]} (100,000 documents over 1,000
     * businesses when not given).
     */
    static SeededEngine start(String folderPrefix, String[] args) throws IOException {
        return start(folderPrefix, argument(args, 0, 100_000), argument(args, 1, 1_000));
    }

    /** The whole number at {@code index} of a harness's command line, or {@code fallback} when it has none there. */
    static int argument(String[] args, int index, int fallback) {
        return args.length > index ? Integer.parseInt(args[index]) : fallback;
    }

    private static SeededEngine start(String folderPrefix, int documents, int businesses) throws IOException {
        LocalSearchEngine server = LocalSearchEngine.start(Files.createTempDirectory(folderPrefix), 0);
        try {
            EngineCalls calls = new EngineCalls(server.endpoint());
            calls.createIndex(SearchIndex.physicalName(), SearchIndex.definitionJson(), SearchIndex.ALIAS);
            Random random = new Random(42);
            Map<String, List<SearchDocument>> seeded = SearchSeed.documentsByBusiness(businesses, documents, random);
            long start = System.nanoTime();
            seeded.forEach(calls::bulk);
            calls.indexSize();
            System.err.printf(
                    Locale.ROOT,
                    "[engine] %,d documents indexed in %.1f s%n",
                    documents,
                    (System.nanoTime() - start) / 1e9);
            return new SeededEngine(server, calls, new ArrayList<>(seeded.keySet()), random);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    URI endpoint() {
        return server.endpoint();
    }

    EngineCalls calls() {
        return calls;
    }

    /** The seeded businesses, each with its share of the documents. */
    List<String> businessIds() {
        return businessIds;
    }

    /** The seeding's random source, to go on with: a run is repeatable from its seed. */
    Random random() {
        return random;
    }

    @Override
    public void close() {
        server.close();
    }
}
