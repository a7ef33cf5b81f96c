package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.console.Browser;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Entity;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/**
 * The local console on the whole local system (search included): its reads through HTTP, who may make them, and the
 * pages in a real browser (headless Chromium), which also make the screenshots in docs/console/.
 */
class ConsoleSystemTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static Path dataFolder;
    private static LocalSystem system;
    private static FrontDoorClient api;
    private static String businessId;
    private static String storeId;
    private static String customerId;
    private static String orderId;

    @BeforeAll
    static void startWithABusiness() throws Exception {
        dataFolder = Files.createTempDirectory("console-system");
        LocalOptions options = new LocalOptions(
                        TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity")
                .withSearch(0);
        system = LocalSystem.start(options, System.out);
        api = FrontDoorClient.operatorOf(system);
        businessId = api.createBusiness("Harbour Coffee");
        storeId = api.createStore(businessId, "Pier Street", "Austin");
        customerId = api.createCustomerWithHome(businessId, "Ada", "Quill");
        api.link(customerId, storeId);
        api.tag(Entity.CUSTOMER, customerId, "vip");
        orderId = api.createOrder(customerId, "BEAN-1", "House blend beans");
        // Both edges and the tag copy, written by the fan-out.
        awaitRead(
                () -> read("/console/api/copies/" + encode("customer#" + customerId)),
                copies -> copies.get("copies").size() == 2);
        // The collection lists the business's subjects from businessGsi, which lags the table as DynamoDB's does.
        system.dynamoDb().control().awaitIndexesCaughtUp(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (system != null) {
            system.close();
        }
    }

    @Test
    void consoleReads_shouldBeForOperatorsOnThisMachine_andRefuseBadInputWithProblems() throws Exception {
        // WHEN another site's page asks for a session, THEN 403 and no token
        HttpResponse<String> foreign = HTTP.send(
                HttpRequest.newBuilder(uri("/console/session"))
                        .header("Origin", "http://attacker.example")
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(foreign.headers().firstValue("content-type")).contains("application/problem+json");
        assertThat(foreign.body()).doesNotContain("token");

        // WHEN the console's reads are asked without a token, or with a member's, THEN 401 and 403
        assertThat(status("/console/api/streams", null)).isEqualTo(401);
        String member = system.issuer().businessToken(List.of(businessId));
        assertThat(status("/console/api/businesses/" + businessId + "/collection", member))
                .isEqualTo(403);

        // WHEN the input is bad, THEN 422 (or 404 for no such read), each a problem
        String operator = system.issuer().operatorToken();
        assertThat(status("/console/api/businesses/not-an-id/collection", operator))
                .isEqualTo(422);
        assertThat(status("/console/api/copies/" + encode("store#nope"), operator))
                .isEqualTo(422);
        assertThat(status("/console/api/partitions/" + "x".repeat(2049), operator))
                .isEqualTo(422);
        assertThat(status("/console/api/nothing-here", operator)).isEqualTo(404);
        assertThat(status("/console/nothing-here.html", null)).isEqualTo(404);
    }

    @Test
    void collection_shouldShowTheBusinessPartitionByPartition_groupedByKind() throws Exception {
        // WHEN
        JsonNode collection = read("/console/api/businesses/" + businessId + "/collection");

        // THEN every kind of item the business has, each in its own partitions
        assertThat(collection.get("found").asBoolean()).isTrue();
        assertThat(collection.get("subjects").asInt()).isEqualTo(4);
        assertThat(partitions(collection, "core items"))
                .containsExactlyInAnyOrder(businessId, storeId, customerId, orderId);
        assertThat(partitions(collection, "order lines")).containsExactly(orderId);
        assertThat(partitions(collection, "counters")).hasSize(16);
        assertThat(partitions(collection, "tag partitions")).containsExactly("tag#" + businessId + "#vip");
        assertThat(partitions(collection, "edges"))
                .containsExactlyInAnyOrder("customer#" + customerId, "store#" + storeId);

        // AND the copies of the customer, each current
        JsonNode copies = read("/console/api/copies/" + encode("customer#" + customerId));
        assertThat(copies.get("sourceExists").asBoolean()).isTrue();
        List<String> where = new ArrayList<>();
        copies.get("copies").forEach(copy -> {
            where.add(copy.get("id").asText());
            assertThat(copy.get("current").asBoolean()).as(copy.toString()).isTrue();
        });
        assertThat(where).containsExactlyInAnyOrder("store#" + storeId, "tag#" + businessId + "#vip");
    }

    @Test
    void checks_shouldRunVerify_andTheCapacityModelOfTheDataPresent() throws Exception {
        // WHEN verify runs from the console, THEN the same classes as table-verify, the search index too, no drift
        // (the indexer catches up with the writes of the set-up meanwhile: 503 while it has not made its index)
        JsonNode verify = awaitRead(
                () -> post("/console/api/verify"),
                run -> run.has("index") && run.get("index").get("totalFindings").asInt() == 0);
        assertThat(verify.get("coreItems").asLong()).isGreaterThanOrEqualTo(4);
        assertThat(verify.get("totalFindings").asInt()).as(verify.toString()).isZero();
        assertThat(verify.get("index").get("totalFindings").asInt())
                .as(verify.toString())
                .isZero();

        // WHEN the capacity model runs on the data present, THEN the hottest partitions name the largest business
        JsonNode capacity = read("/console/api/capacity");
        assertThat(capacity.get("largestBusinessId").asText()).isEqualTo(businessId);
        assertThat(capacity.get("keysNameSampledBusiness").asBoolean()).isFalse();
        List<String> hottestKeys = new ArrayList<>();
        capacity.get("hottest").forEach(target -> target.get("partitions")
                .forEach(partition -> hottestKeys.add(partition.get("key").asText())));
        assertThat(hottestKeys).anyMatch(key -> key.contains(businessId));
    }

    @Test
    void deployedApi_shouldHaveNoConsoleRoute() throws Exception {
        JsonNode contract = JSON.readTree(
                TestRepository.root().resolve("functions/openapi.json").toFile());
        List<String> paths = new ArrayList<>();
        contract.get("paths").fieldNames().forEachRemaining(paths::add);
        assertThat(paths).isNotEmpty().noneMatch(path -> path.startsWith("/console"));
    }

    @Test
    void console_shouldShowACollection_aCopyTurningCurrent_search_streams_andVerify_inABrowser() throws Exception {
        Browser browser = Browser.shared();
        URI console = uri("/console/");

        // GIVEN the console, signed in by itself
        browser.open(console);
        browser.waitForText("#session", text -> text.contains("Signed in"));

        // WHEN a business is created through the API from the console's form, by keyboard
        browser.type("New business name", "Lighthouse Books" + Keys.ENTER);

        // THEN its item collection shows: its item, its counters
        browser.waitForText("[data-facet='core items']", text -> text.contains("business"));
        browser.waitForText("[data-facet='counters']", text -> text.contains("16 partitions"));
        browser.assertAccessible();

        // AND the list finds it by name
        browser.driver().get(console + "#businesses");
        browser.type("Name contains", "lighthouse" + Keys.ENTER);
        browser.waitForText("#business-list tbody", text -> text.contains("Lighthouse Books"));
        browser.screenshot("businesses");

        // GIVEN the business with a store linked to a customer
        browser.driver().get(console + "#collection/" + businessId);
        browser.waitForText("[data-facet='edges']", text -> text.contains("customer#" + customerId));
        browser.screenshot("item-collection");

        // WHEN the store is renamed while its copies are on screen
        browser.driver().get(console + "#copies/" + encode("store#" + storeId));
        browser.waitForText("#copies-list tbody", text -> text.contains("current"));
        long version = api.renameStore(storeId, "Quay Street");
        Instant renamed = Instant.now();

        // THEN the customer's copy turns current at the new version within 2 s, without a reload
        browser.waitForText(
                "#copies-list tbody tr",
                row -> row.contains("customer#" + customerId) && row.contains(" " + version + " current"),
                Duration.ofSeconds(2));
        System.out.println("[console] the copy showed current "
                + Duration.between(renamed, Instant.now()).toMillis() + " ms after the rename answered");
        browser.screenshot("copies");
        browser.assertAccessible();

        // WHEN searching the business, THEN the hit's highlight marks the word, as text
        browser.driver().get(console + "#search");
        browser.type("Business id", businessId);
        browser.type("Words", "quill" + Keys.ENTER);
        browser.waitForText("#search-results mark", text -> text.equalsIgnoreCase("quill"));
        assertThat(browser.driver().findElements(By.cssSelector("#search-results em")))
                .as("the API's <em> markers become <mark> elements, never markup of the API's")
                .isEmpty();
        browser.screenshot("search");
        browser.assertAccessible();

        // GIVEN a customer whose stored name is markup
        String shop = api.createBusiness("Script Shop");
        api.createCustomer(shop, "<img src=x onerror=\"document.title='hacked'\">", "Quill");
        awaitRead(() -> JSON.valueToTree(api.search(shop, "img")), hits -> hits.size() == 1);
        // WHEN it is found, THEN the page shows the markup as text, the match marked, and runs nothing
        browser.type("Business id", shop);
        browser.type("Words", "img" + Keys.ENTER);
        browser.waitForText("#search-results", text -> text.contains("<img src=x onerror="));
        browser.waitForText("#search-results mark", text -> text.equals("img"));
        assertThat(browser.driver().findElements(By.cssSelector("#search-results img")))
                .isEmpty();
        assertThat(browser.driver().getTitle()).doesNotContain("hacked");

        // WHEN the stream consumers are shown, THEN both consumers (the freshness figures come once the functions
        // write their minute's, as LocalMetricsEndpointTest shows)
        browser.driver().get(console + "#streams");
        browser.waitForText(
                "#consumer-list tbody", text -> text.contains("stream-fanout") && text.contains("search-indexer"));
        browser.screenshot("stream-consumers");
        browser.assertAccessible();

        // WHEN verify is run from the Checks page, THEN it reports no drift
        browser.driver().get(console + "#checks");
        browser.click("Run verify");
        browser.waitForText("#status", text -> text.contains("no drift"), SETTLE);
        browser.screenshot("checks");
        browser.assertAccessible();

        // AND nothing went wrong in the page along the way
        browser.assertNoConsoleErrors();
    }

    private static List<String> partitions(JsonNode collection, String facet) {
        List<String> ids = new ArrayList<>();
        collection.get("facets").forEach(node -> {
            if (node.get("name").asText().equals(facet)) {
                node.get("partitions")
                        .forEach(partition -> ids.add(partition.get("id").asText()));
            }
        });
        return ids;
    }

    private static JsonNode read(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(uri(path))
                        .header("Authorization", "Bearer " + system.issuer().operatorToken())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** The answer to a POST: 200, or 503 (not ready yet) as the problem document. */
    private static JsonNode post(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(uri(path))
                        .header("Authorization", "Bearer " + system.issuer().operatorToken())
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isIn(200, 503);
        return JSON.readTree(response.body());
    }

    private static int status(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.headers().firstValue("content-type")).contains("application/problem+json");
        return response.statusCode();
    }

    private static JsonNode awaitRead(Reading read, Predicate<JsonNode> done) throws Exception {
        Instant deadline = Instant.now().plus(SETTLE);
        JsonNode last = read.get();
        while (!done.test(last) && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            last = read.get();
        }
        assertThat(done.test(last)).as(last.toString()).isTrue();
        return last;
    }

    private interface Reading {
        JsonNode get() throws Exception;
    }

    private static URI uri(String path) {
        return URI.create("http://localhost:" + system.apiPort() + path);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
