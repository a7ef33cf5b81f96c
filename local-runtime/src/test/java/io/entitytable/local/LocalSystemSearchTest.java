package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.InvocationResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Search on the whole local system: the engine in its own JVM, the packaged search indexer fed by its own stream pump,
 * and the API's search route. What the Try it block of the README does: create, find by prefix and by typo, rename,
 * find by the new name, delete; then {@code invoke search-indexer} with a sample stream event, against the running
 * system.
 */
class LocalSystemSearchTest {
    private static final Duration SEARCHABLE_WITHIN = Duration.ofSeconds(30);
    /** Ann, of the sample event {@code customer-created-with-stores-and-tags.json}, and her business. */
    private static final String SAMPLE_CUSTOMER = "01JD3B8Q5Z00000000000000C1";

    private static final String SAMPLE_BUSINESS = "01JD3B8Q5Z0000000000000001";

    @TempDir
    Path dataFolder;

    @Test
    @ExtendWith(SearchSystem.class)
    void aCustomer_shouldBeFoundByPrefixAndTypo_thenByItsNewName_andNotOnceDeleted(LocalSystem system)
            throws Exception {
        assertThat(system.searchEngine()).isNotNull();
        assertThat(system.indexerPump()).isNotNull();
        assertThat(system.statusBlock()).contains("Search engine", "Search pump", "Function search-indexer");
        // AND the engine (a JVM of its own) and the indexer's Runtime API listen on loopback only
        Reachability.assertLoopbackOnly("search engine", system.listeners().get("search engine"));
        Reachability.assertLoopbackOnly(
                "indexer Runtime API",
                system.listeners().get(LocalSystem.runtimeApiListener(FunctionDefinition.SEARCH_INDEXER)));
        // AND the engine refuses a web page's request (LocalSearchWebPageTest has the details)
        HttpResponse<String> fromAPage = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(system.searchEngine().endpoint().resolve("/_search"))
                                .header("Origin", "http://evil.example")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(fromAPage.statusCode()).as(fromAPage.body()).isEqualTo(403);
        FrontDoorClient api = FrontDoorClient.operatorOf(system);
        String business = api.createBusiness("Searchable");
        String other = api.createBusiness("Elsewhere");
        String customer = api.createCustomer(business, "Alonso", "Quixote");
        api.createCustomer(other, "Alonso", "Quixote");

        // THEN the customer is found by a prefix and by a typo, in its business only
        List<String> byPrefix = await(() -> api.search(business, "quix"), hits -> !hits.isEmpty());
        assertThat(byPrefix).containsExactly(customer);
        assertThat(api.search(business, "Quixotr")).containsExactly(customer);

        // WHEN renamed: found by the new name, and no longer by the old one
        api.renameCustomer(customer, "Panza");
        assertThat(await(() -> api.search(business, "panza"), hits -> !hits.isEmpty()))
                .containsExactly(customer);
        assertThat(api.search(business, "quixote")).isEmpty();

        // WHEN deleted: found no more
        api.deleteCustomer(customer);
        assertThat(await(() -> api.search(business, "panza"), List::isEmpty)).isEmpty();

        // WHEN the packaged indexer is invoked once with a sample stream event, against the running system
        LocalOptions running = new LocalOptions(
                TestRepository.root(),
                system.options().dataFolder(),
                true,
                0,
                system.options().dynamoDbPort(),
                "Entity",
                system.queues().endpoint().getPort(),
                true,
                system.searchEngine().endpoint().getPort(),
                false,
                0,
                BindAddress.LOOPBACK,
                null,
                1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InvocationResult result = new InvokeCommand(
                        running, new PrintStream(out, true, StandardCharsets.UTF_8), System.out)
                .invoke(
                        FunctionDefinition.SEARCH_INDEXER,
                        TestRepository.root().resolve("events/stream/customer-created-with-stores-and-tags.json"));

        // THEN it reports no failure, and the event's customer is a document of the running engine
        assertThat(result.functionError()).isFalse();
        assertThat(new ObjectMapper()
                        .readTree(out.toString(StandardCharsets.UTF_8))
                        .get("batchItemFailures"))
                .isEmpty();
        HttpResponse<String> document = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(system.searchEngine()
                                        .endpoint()
                                        .resolve("/" + SearchIndex.ALIAS + "/_doc/" + SAMPLE_CUSTOMER + "?routing="
                                                + SAMPLE_BUSINESS))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(document.statusCode()).as(document.body()).isEqualTo(200);
        assertThat(document.body()).contains("\"found\":true", "Ann", "Smith");
    }

    @Test
    void aNewEngineBesideAKeptTable_shouldBeFilledFromTheTableAtStart() throws Exception {
        // GIVEN a customer written and indexed on a kept data folder
        LocalOptions options = new LocalOptions(
                        TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), "Entity")
                .withSearch(0);
        String business;
        String customer;
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            FrontDoorClient api = FrontDoorClient.operatorOf(system);
            business = api.createBusiness("Kept");
            customer = api.createCustomer(business, "Dulcinea", "Toboso");
            assertThat(await(() -> api.search(business, "toboso"), hits -> !hits.isEmpty()))
                    .containsExactly(customer);
        }

        // WHEN the engine's folder is lost, the search pump's checkpoints kept (its stream records are not replayed)
        try (Stream<Path> paths = Files.walk(options.searchFolder())) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
        assertThat(options.indexerCheckpointFile()).isRegularFile();
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            FrontDoorClient api = FrontDoorClient.operatorOf(system);

            // THEN the start filled the new engine from the table
            assertThat(await(() -> api.search(business, "toboso"), hits -> !hits.isEmpty()))
                    .containsExactly(customer);
        }
    }

    private static List<String> await(SearchCall call, Predicate<List<String>> done) throws InterruptedException {
        Instant deadline = Instant.now().plus(SEARCHABLE_WITHIN);
        List<String> hits = call.run();
        while (!done.test(hits) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            hits = call.run();
        }
        return hits;
    }

    private interface SearchCall {
        List<String> run();
    }
}
