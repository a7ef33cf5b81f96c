package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.logs.EffectsCommand;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a whole local run prints (its own console, its logging, the DynamoDB engine, the search engine, every function's
 * output it forwards): the functions' one line per request and per batch, which name a write's request id beside every
 * copy and search document written for it, and never a credential or a customer's personal data. The runtime runs as
 * {@code start} does, in a JVM of its own, so everything it prints is captured, with its own logging set-up.
 */
class LocalRunLogsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration EFFECTS_WAIT = Duration.ofSeconds(90);

    // Personal data the scenario sends, each unlikely to appear in a log by chance.
    private static final String EMAIL = "wren.quillfeather@example.org";
    private static final String STREET = "4417 Quillfeather Lane";
    private static final String MAILING_STREET = "88 Larkspur Hollow";
    private static final String CARD = "zqxbrandcard";

    private static Path dataFolder;
    private static LocalRuntimeProcess system;
    private static HttpClient http;
    private static URI base;
    private static String token;
    private static String wrongKeyToken;
    private static String business;
    private static String store;
    private static String customer;
    /** The {@code apigw-requestid} of the request that tagged the customer. */
    private static String tagRequestId;

    @BeforeAll
    static void startTheSystemAndWrite() throws Exception {
        // The local system started as `start --in-memory` on a data folder, and a token of the token command
        dataFolder = Files.createTempDirectory("local-run-logs");
        int apiPort = LocalDynamoDb.freePort();
        wrongKeyToken = LocalIssuer.inFolder(dataFolder.resolve("other-key")).operatorToken();
        system = LocalRuntimeProcess.start(
                "start",
                "--in-memory",
                "--no-archive",
                "--data",
                dataFolder.toString(),
                "--api-port",
                Integer.toString(apiPort),
                "--dynamodb-port",
                Integer.toString(LocalDynamoDb.freePort()));
        assertThat(system.awaitStdout("Ctrl-C stops everything", Duration.ofSeconds(180)))
                .as(system.output())
                .isTrue();
        token = mintOperatorToken();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        base = URI.create("http://localhost:" + apiPort);

        // A business with a store, a customer with an email and a mailing address linked to it, an order paid by card
        business = created(send("POST", "/businesses", "{\"name\":\"Acme Office Supply\"}", token));
        store = created(send(
                "POST",
                "/businesses/" + business + "/stores",
                "{\"name\":\"Main\",\"address\":{\"street\":\"" + STREET
                        + "\",\"city\":\"Austin\",\"state\":\"TX\",\"zip\":\"73301\",\"country\":\"US\"}}",
                token));
        customer = created(send(
                "POST",
                "/businesses/" + business + "/customers",
                "{\"firstName\":\"Wren\",\"lastName\":\"Quillfeather\",\"email\":\"" + EMAIL
                        + "\",\"mailingAddresses\":{\"home\":{\"street\":\"" + MAILING_STREET
                        + "\",\"city\":\"Austin\",\"state\":\"TX\",\"zip\":\"73301\",\"country\":\"US\"}}}",
                token));
        assertThat(send("PUT", "/customers/" + customer + "/stores/" + store, null, token)
                        .statusCode())
                .isEqualTo(204);
        created(send(
                "POST",
                "/customers/" + customer + "/orders",
                "{\"shipTo\":\"home\",\"paymentCard\":\"" + CARD + "\",\"lines\":[{\"sku\":\"P-1\",\"description\":"
                        + "\"Pens\",\"quantity\":1,\"unitPriceCents\":100}]}",
                token));
        // ... requests that put personal data where it does not belong, and one with a token of another key
        assertThat(send("GET", "/customers/" + EMAIL, null, token).statusCode()).isBetween(400, 499);
        assertThat(send(
                                "POST",
                                "/businesses/" + business + "/customers",
                                "{\"firstName\":\"\",\"email\":\"" + EMAIL + "\",\"mailingAddresses\":{\"home\":"
                                        + "{\"street\":\"" + STREET + "\"}}}",
                                token)
                        .statusCode())
                .isBetween(400, 499);
        assertThat(send("GET", "/businesses/" + business, null, wrongKeyToken).statusCode())
                .isEqualTo(401);

        // ... and the write whose effects are looked for: the customer tagged
        HttpResponse<String> tagged = send("PUT", "/customers/" + customer + "/tags/vip", null, token);
        assertThat(tagged.statusCode()).as(tagged.body()).isEqualTo(204);
        tagRequestId = tagged.headers().firstValue("apigw-requestid").orElseThrow();
        awaitLine(FunctionDefinition.STREAM_FANOUT, line -> line.contains(tagRequestId));
        awaitLine(FunctionDefinition.SEARCH_INDEXER, line -> line.contains(tagRequestId));
    }

    @AfterAll
    static void stop() throws Exception {
        if (system != null) {
            system.close();
        }
    }

    @Test
    void oneRequestId_shouldFindTheRequest_everyCopyAndTheSearchDocumentItWrote() throws Exception {
        // GIVEN the customer tagged by one request, and its copies as the API reads them
        String subject = Keys.subjectRef(Entity.CUSTOMER, customer);
        String tagCopy = new ItemKey(Keys.tagPartition(business, "vip"), subject).toString();
        String storeEdge = new ItemKey(Keys.subjectRef(Entity.STORE, store), subject).toString();
        assertThat(send("GET", "/businesses/" + business + "/tagged/vip", null, token)
                        .body())
                .contains(customer);
        assertThat(send("GET", "/stores/" + store + "/customers", null, token).body())
                .contains(customer);

        // WHEN the lines that name its request id are read, as the saved query finds them
        List<JsonNode> apiLines = lines(FunctionDefinition.API, tagRequestId);
        List<JsonNode> fanoutLines = lines(FunctionDefinition.STREAM_FANOUT, tagRequestId);
        List<JsonNode> indexerLines = lines(FunctionDefinition.SEARCH_INDEXER, tagRequestId);

        for (List<JsonNode> found : List.of(apiLines, fanoutLines, indexerLines)) {
            found.forEach(line -> System.out.println("[test] a line naming the request: " + line));
        }

        // THEN the API's line is the request's, with its route and status
        assertThat(apiLines).hasSize(1);
        JsonNode request = apiLines.get(0).get("mdc");
        assertThat(request.get(LogField.CORRELATION_ID.key()).asText()).isEqualTo(tagRequestId);
        assertThat(request.get(LogField.STATUS.key()).asText()).isEqualTo("204");
        assertThat(request.get(LogField.ROUTE.key()).asText()).isNotBlank();

        // ... the fan-out's names the customer's change at that request, and both its copies, and nothing else's
        Set<String> written = new HashSet<>();
        for (JsonNode line : fanoutLines) {
            for (JsonNode entry :
                    JSON.readTree(line.get("mdc").get(LogField.EFFECTS.key()).asText())) {
                if (names(entry.get("changes"), tagRequestId)) {
                    assertThat(entry.get("subject").asText()).isEqualTo(subject);
                    entry.get("written").forEach(key -> written.add(key.asText()));
                }
            }
        }
        assertThat(written).contains(tagCopy, storeEdge).allMatch(key -> key.contains(subject));

        // ... the effects command finds the same lines in the data folder's log, the local stand-in for the saved query
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int found = EffectsCommand.parse(
                        new ArrayDeque<>(List.of(tagRequestId, "--data", dataFolder.toString())), TestRepository.root())
                .run(new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(found).isEqualTo(apiLines.size() + fanoutLines.size() + indexerLines.size());
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("[" + FunctionDefinition.API.name() + "] {")
                .contains("[" + FunctionDefinition.STREAM_FANOUT.name() + "] {")
                .contains("[" + FunctionDefinition.SEARCH_INDEXER.name() + "] {");

        // ... and the indexer's names the customer's document at the tagged version, indexed
        List<JsonNode> documents = new ArrayList<>();
        for (JsonNode line : indexerLines) {
            JSON.readTree(line.get("mdc").get(LogField.EFFECTS.key()).asText()).forEach(documents::add);
        }
        assertThat(documents).anySatisfy(document -> {
            assertThat(document.get(LogField.CORRELATION_ID.key()).asText()).isEqualTo(tagRequestId);
            assertThat(document.get("document").asText()).isEqualTo("customer/" + customer);
            assertThat(document.get("outcome").asText()).isEqualTo("indexed");
        });
    }

    @Test
    void wholeRun_shouldNeverPrintATokenOrPersonalData() {
        // GIVEN everything the run printed, the functions' output among it (so the capture works)
        String output = system.output();
        System.out.println("[test] the local runtime printed " + output.lines().count() + " lines");
        assertThat(output).contains("[api]").contains("Entity Table is running locally");
        assertThat(lines(FunctionDefinition.API, LogField.STATUS.key())).hasSizeGreaterThan(5);

        // THEN no token (not even its signature), email address, payment card or address appears in it
        for (String credential : List.of(token, wrongKeyToken)) {
            String signature = credential.substring(credential.lastIndexOf('.') + 1);
            assertThat(output).doesNotContain(credential).doesNotContain(signature);
        }
        assertThat(output)
                .doesNotContain(EMAIL)
                .doesNotContain(CARD)
                .doesNotContain(STREET)
                .doesNotContain(MAILING_STREET);
    }

    /** The function's JSON log lines (as forwarded: {@code [name] {...}}) that contain {@code text}. */
    private static List<JsonNode> lines(FunctionDefinition function, String text) {
        String prefix = "[" + function.name() + "] {";
        List<JsonNode> found = new ArrayList<>();
        for (String line : system.stdout().lines().toList()) {
            if (line.startsWith(prefix) && line.contains(text)) {
                try {
                    found.add(JSON.readTree(line.substring(prefix.length() - 1)));
                } catch (java.io.IOException e) {
                    throw new AssertionError("not a JSON line: " + line, e);
                }
            }
        }
        return found;
    }

    private static boolean names(JsonNode changes, String requestId) {
        for (JsonNode change : changes) {
            if (change.has(LogField.CORRELATION_ID.key())
                    && change.get(LogField.CORRELATION_ID.key()).asText().equals(requestId)) {
                return true;
            }
        }
        return false;
    }

    /** Waits until the function printed a line that {@code test} accepts. */
    private static void awaitLine(FunctionDefinition function, Predicate<String> test) throws InterruptedException {
        long deadline = System.nanoTime() + EFFECTS_WAIT.toNanos();
        String prefix = "[" + function.name() + "] {";
        while (System.nanoTime() < deadline) {
            if (system.stdout().lines().anyMatch(line -> line.startsWith(prefix) && test.test(line))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no line of " + function.name() + " within " + EFFECTS_WAIT + ":\n" + system.output());
    }

    private static HttpResponse<String> send(String method, String path, String body, String bearer) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", "Bearer " + bearer)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("content-type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String created(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).get("id").asText();
    }

    /** As {@code token --operator --data <folder>} does, in this JVM: another process than the running system. */
    private static String mintOperatorToken() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TokenCommand.parse(
                        new ArrayDeque<>(List.of("--operator", "--data", dataFolder.toString())), TestRepository.root())
                .run(new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> lines =
                out.toString(StandardCharsets.UTF_8).strip().lines().toList();
        return lines.get(lines.size() - 1);
    }
}
