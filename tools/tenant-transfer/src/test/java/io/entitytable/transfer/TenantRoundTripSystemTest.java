package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.checks.DriftCheck;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.search.client.SearchClients;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tenant out and back on the whole local system, as an operator does it: a business written through the API,
 * exported by the command, erased by its job ({@code DELETE /businesses/{id}?cascade=true}, with the fan-out deleting
 * its copies and the indexer leaving a tombstone of each search document), imported by the command; every access
 * pattern of the API, copies from both sides, tagged lists and search then answer as before the erase, and verify
 * finds no drift in the table or the index.
 */
class TenantRoundTripSystemTest {
    private static final Duration WITHIN = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADDRESS =
            "{\"street\":\"1 Main St\",\"city\":\"Austin\",\"state\":\"TX\",\"zip\":\"73301\",\"country\":\"US\"}";

    @TempDir
    Path dataFolder;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private URI api;
    private String authorization;

    @Test
    void exportEraseImport_shouldAnswerEveryReadAsBefore_searchIncluded() throws Exception {
        LocalOptions options = new LocalOptions(
                        RepositoryRoot.find(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity")
                .withSearch(0);
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            api = URI.create("http://localhost:" + system.apiPort());
            authorization = "Bearer " + system.issuer().operatorToken();
            String endpoint = system.dynamoDb().endpoint().toString();
            // GIVEN a business with two stores, two customers linking them, tags and an order, fanned out and indexed
            String business = id(send("POST", "/businesses", "{\"name\":\"Acme\"}", 201));
            List<String> stores = new ArrayList<>();
            for (String name : List.of("Main", "North")) {
                stores.add(id(send(
                        "POST",
                        "/businesses/" + business + "/stores",
                        "{\"name\":\"" + name + "\",\"address\":" + ADDRESS + "}",
                        201)));
            }
            List<String> customers = new ArrayList<>();
            for (String first : List.of("Ann", "Bob")) {
                customers.add(id(send(
                        "POST",
                        "/businesses/" + business + "/customers",
                        "{\"firstName\":\"" + first + "\",\"lastName\":\"Quill\",\"email\":\"" + first
                                + "@example.com\",\"mailingAddresses\":{\"home\":" + ADDRESS + "}}",
                        201)));
            }
            send("PUT", "/customers/" + customers.get(0) + "/stores/" + stores.get(0), null, 204);
            send("PUT", "/customers/" + customers.get(0) + "/stores/" + stores.get(1), null, 204);
            send("PUT", "/customers/" + customers.get(1) + "/stores/" + stores.get(0), null, 204);
            send("PUT", "/customers/" + customers.get(0) + "/tags/vip", null, 204);
            send("PUT", "/stores/" + stores.get(0) + "/tags/flagship", null, 204);
            String order = id(send(
                    "POST",
                    "/customers/" + customers.get(0) + "/orders",
                    "{\"shipTo\":\"home\",\"lines\":[{\"sku\":\"PEN-1\",\"description\":\"Blue pens\","
                            + "\"quantity\":2,\"unitPriceCents\":150}]}",
                    201));
            // (the access patterns in their order: 1 to 9, then the copies of 10 and 11, the tagged lists of 12 and 13)
            List<String> reads = new ArrayList<>(List.of(
                    "/businesses/" + business + "/items?limit=100",
                    "/businesses/" + business,
                    "/businesses/" + business + "/customers?namePrefix=QUI",
                    "/businesses/" + business + "/orders?from=2020-01-01T00:00:00Z",
                    "/businesses/" + business + "/stores?country=US&state=TX&city=Austin",
                    "/customers/" + customers.get(0),
                    "/customers/" + customers.get(0) + "/orders",
                    "/orders/" + order,
                    "/businesses/" + business + "/orders?status=OPEN",
                    "/businesses/" + business + "/tagged/vip",
                    "/businesses/" + business + "/tagged?any=vip,flagship"));
            customers.forEach(customer -> reads.add("/customers/" + customer + "/stores"));
            stores.forEach(store -> reads.add("/stores/" + store + "/customers"));
            List<String> searches = List.of("quill", "pens", "main");
            Map<String, String> before = waiting()
                    .until(
                            () -> answers(business, reads, searches),
                            answers -> answers.get("search quill").split(",").length == 3);
            assertThat(before.get("search quill")).contains(customers.get(0), customers.get(1), order);
            assertThat(before.get("/stores/" + stores.get(0) + "/customers")).contains(customers.get(1));
            Path file = dataFolder.resolve("acme.ndjson");

            // WHEN it is exported, erased, and imported
            assertThat(command("export", "--business", business, "--out", file.toString(), "--endpoint", endpoint))
                    .isZero();
            send("DELETE", "/businesses/" + business + "?cascade=true", null, 202);
            JsonNode job = waiting()
                    .until(() -> send("GET", "/businesses/" + business + "/job", null, 200), state -> !"running"
                            .equals(state.get("status").asText()));
            assertThat(job.get("status").asText()).as(job.toString()).isEqualTo("done");
            waiting().until(() -> search(business, "quill"), String::isEmpty);
            assertThat(command("import", "--in", file.toString(), "--endpoint", endpoint))
                    .isZero();

            // THEN every read answers as before, the search's hits too, and verify finds no drift
            waiting().untilAsserted(() -> assertThat(answers(business, reads, searches))
                    .isEqualTo(before));
            DriftCheck check = DriftCheck.of(system.dynamoDb().client(), "Entity")
                    .withSearch(SearchClients.create(system.searchEngine().endpoint(), false), SearchIndex.ALIAS);
            assertThat(check.clean()).as(check.toString()).isTrue();
            assertThat(check.indexFindings()).isEmpty();
            assertThat(check.indexDocumentsRead()).isPositive();
        }
    }

    /** What the API answers to each read (without cursors, which are signed afresh) and each search (its hits' ids). */
    private Map<String, String> answers(String business, List<String> reads, List<String> searches) {
        Map<String, String> answers = new TreeMap<>();
        for (String read : reads) {
            JsonNode answer = send("GET", read, null, 200);
            if (answer.isObject()) {
                ((ObjectNode) answer).remove("next");
            }
            answers.put(read, answer.toString());
        }
        for (String text : searches) {
            answers.put("search " + text, search(business, text));
        }
        return answers;
    }

    /** The ids the business's search finds for {@code text}, sorted, comma-separated. */
    private String search(String business, String text) {
        TreeSet<String> ids = new TreeSet<>();
        send("GET", "/businesses/" + business + "/search?q=" + text, null, 200)
                .get("items")
                .forEach(hit -> ids.add(hit.get("id").asText()));
        return String.join(",", ids);
    }

    private static int command(String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(
                List.of(args),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        System.out.println(out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
        return exit;
    }

    private static String id(JsonNode created) {
        return created.get("id").asText();
    }

    private JsonNode send(String method, String path, String body, int expected) {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", authorization);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode())
                    .as(method + " " + path + ": " + response.body())
                    .isEqualTo(expected);
            return response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static ConditionFactory waiting() {
        return Awaitility.await().atMost(WITHIN).pollInterval(Duration.ofMillis(200));
    }
}
