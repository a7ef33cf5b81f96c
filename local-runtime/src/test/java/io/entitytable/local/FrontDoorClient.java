package io.entitytable.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.logs.ThreadDumps;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The API as a user calls it: plain HTTP against the local system's front door. Every write checks the status code the
 * API documents, so a failed write fails the test where it happened instead of as a copy that never shows up.
 */
final class FrontDoorClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAGE = "?limit=100";
    /** Set once a request timed out and the threads were printed. */
    private static final AtomicBoolean STALL_DUMPED = new AtomicBoolean();

    private static final int BUSY_ATTEMPTS = 10;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1) // no cleartext HTTP/2 upgrade (see FrontDoorDocsTest)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI base;
    private final String authorization;
    /**
     * Whether a request refused with {@code Retry-After} (429 at a request limit, 503 on a busy table) is sent again
     * after the wait it names.
     */
    private final boolean honoursRetryAfter;

    /** @param token a bearer token the front door accepts, sent with every request */
    FrontDoorClient(int port, String token) {
        this(URI.create("http://localhost:" + port), "Bearer " + token, false);
    }

    private FrontDoorClient(URI base, String authorization, boolean honoursRetryAfter) {
        this.base = base;
        this.authorization = authorization;
        this.honoursRetryAfter = honoursRetryAfter;
    }

    /**
     * The same caller, sending a request refused with 429 or 503 and {@code Retry-After} again after that wait (at most
     * {@value #BUSY_ATTEMPTS} times), as the contract asks of a client: for a test's setup that writes faster than a
     * business's request limit or a small table takes, where no refusal is under test.
     */
    FrontDoorClient honouringRetryAfter() {
        return new FrontDoorClient(base, authorization, true);
    }

    /** As an operator of the running system, who may use every route. */
    static FrontDoorClient operatorOf(LocalSystem system) {
        return new FrontDoorClient(system.apiPort(), system.issuer().operatorToken());
    }

    String createBusiness(String name) {
        ObjectNode body = JSON.createObjectNode().put("name", name);
        return send("POST", "/businesses", body, 201).get("id").asText();
    }

    String createCustomer(String businessId, String firstName, String lastName) {
        ObjectNode body = JSON.createObjectNode().put("firstName", firstName).put("lastName", lastName);
        return send("POST", "/businesses/" + businessId + "/customers", body, 201)
                .get("id")
                .asText();
    }

    String createStore(String businessId, String name, String city) {
        ObjectNode body = JSON.createObjectNode().put("name", name);
        body.putObject("address")
                .put("street", "1 Main St")
                .put("city", city)
                .put("state", "TX")
                .put("zip", "73301")
                .put("country", "US");
        return send("POST", "/businesses/" + businessId + "/stores", body, 201)
                .get("id")
                .asText();
    }

    void link(String customerId, String storeId) {
        send("PUT", "/customers/" + customerId + "/stores/" + storeId, null, 204);
    }

    void unlink(String customerId, String storeId) {
        send("DELETE", "/customers/" + customerId + "/stores/" + storeId, null, 204);
    }

    void tag(Entity entity, String id, String tag) {
        send("PUT", "/" + entity.collection() + "/" + id + "/tags/" + tag, null, 204);
    }

    void untag(Entity entity, String id, String tag) {
        send("DELETE", "/" + entity.collection() + "/" + id + "/tags/" + tag, null, 204);
    }

    /** Returns the store's new version. */
    long renameStore(String storeId, String name) {
        return send("PATCH", "/stores/" + storeId, JSON.createObjectNode().put("name", name), 200)
                .get("version")
                .asLong();
    }

    /** Returns the customer's new version. */
    long renameCustomer(String customerId, String lastName) {
        return send("PATCH", "/customers/" + customerId, JSON.createObjectNode().put("lastName", lastName), 200)
                .get("version")
                .asLong();
    }

    void deleteCustomer(String customerId) {
        send("DELETE", "/customers/" + customerId, null, 204);
    }

    /**
     * Deletes a store: 204, or with {@code unlink} and customers still listing it, 202 and its refresh job (returned;
     * null for a 204).
     */
    JsonNode deleteStore(String storeId, boolean unlink) {
        JsonNode job = send("DELETE", "/stores/" + storeId + (unlink ? "?unlink=true" : ""), null, unlink ? -1 : 204);
        return job.isNull() ? null : job;
    }

    /** {@code GET /stores/{id}/job}. */
    JsonNode storeJob(String storeId) {
        return send("GET", "/stores/" + storeId + "/job", null, 200);
    }

    /** The core item (not a copy). */
    JsonNode get(Entity entity, String id) {
        return send("GET", "/" + entity.collection() + "/" + id, null, 200);
    }

    /** Pattern 10, read from the edges in the customer's partition. */
    List<JsonNode> storesOf(String customerId) {
        return items("/customers/" + customerId + "/stores");
    }

    /** Pattern 11, read from the edges in the store's partition. */
    List<JsonNode> customersOf(String storeId) {
        return items("/stores/" + storeId + "/customers");
    }

    /** Pattern 12, read from the business's tag copies. */
    List<JsonNode> taggedItems(String businessId, String tag) {
        return items("/businesses/" + businessId + "/tagged/" + tag);
    }

    /** Pattern 12, read from the tag copies, as {@code <entity>#<id>} references. */
    Set<String> tagged(String businessId, String tag) {
        Set<String> subjects = new LinkedHashSet<>();
        for (JsonNode item : taggedItems(businessId, tag)) {
            Entity entity = Entity.fromKeyName(item.get("entity").asText()).orElseThrow();
            subjects.add(Keys.subjectRef(entity, item.get("id").asText()));
        }
        return subjects;
    }

    /** A customer with an e-mail address and a home address, which an order ships to. */
    String createCustomerWithHome(String businessId, String firstName, String lastName) {
        ObjectNode body = JSON.createObjectNode()
                .put("firstName", firstName)
                .put("lastName", lastName)
                .put("email", firstName.toLowerCase() + "@example.com");
        body.putObject("mailingAddresses")
                .putObject("home")
                .put("street", "9 Elm St")
                .put("city", "Austin")
                .put("state", "TX")
                .put("zip", "73301")
                .put("country", "US");
        return send("POST", "/businesses/" + businessId + "/customers", body, 201)
                .get("id")
                .asText();
    }

    /** An order of the customer's (made by {@link #createCustomerWithHome}) shipped home, of one line. */
    String createOrder(String customerId, String sku, String description) {
        return placeOrder(customerId, orderOf(sku, description));
    }

    /** {@link #createOrder}, carrying {@code tag}. */
    String createTaggedOrder(String customerId, String tag) {
        ObjectNode body = orderOf("PEN-1", "pens");
        body.putArray("tags").add(tag);
        return placeOrder(customerId, body);
    }

    private static ObjectNode orderOf(String sku, String description) {
        ObjectNode body = JSON.createObjectNode().put("shipTo", "home");
        body.putArray("lines")
                .addObject()
                .put("sku", sku)
                .put("description", description)
                .put("quantity", 2)
                .put("unitPriceCents", 150);
        return body;
    }

    private String placeOrder(String customerId, ObjectNode body) {
        return send("POST", "/customers/" + customerId + "/orders", body, 201)
                .get("id")
                .asText();
    }

    /** {@code PUT /businesses/{id}/capacity}: grows the business to {@code shards}; its capacity as it is then. */
    JsonNode grow(String businessId, int shards) {
        return send(
                "PUT",
                "/businesses/" + businessId + "/capacity",
                JSON.createObjectNode().put("shards", shards),
                200);
    }

    /** {@code PUT /businesses/{id}/retention}: how long the business keeps finished orders in the table. */
    JsonNode keepFinishedOrders(String businessId, Duration retention) {
        return send(
                "PUT",
                "/businesses/" + businessId + "/retention",
                JSON.createObjectNode().put("orders", retention.toString()),
                200);
    }

    /** {@code PATCH /orders/{id}} of its status: the order as it is then. */
    JsonNode setStatus(String orderId, String status) {
        return send("PATCH", "/orders/" + orderId, JSON.createObjectNode().put("status", status), 200);
    }

    /** {@code GET /businesses/{id}/capacity}. */
    JsonNode capacity(String businessId) {
        return send("GET", "/businesses/" + businessId + "/capacity", null, 200);
    }

    /** The ids of every page of a list ({@code path} may carry a filter). */
    List<String> ids(String path) {
        List<String> ids = new ArrayList<>();
        items(path).forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    /** {@code DELETE /businesses/{id}?cascade=true}: the erase's job as the 202 describes it. */
    JsonNode eraseBusiness(String businessId) {
        return send("DELETE", "/businesses/" + businessId + "?cascade=true", null, 202);
    }

    JsonNode businessJob(String businessId) {
        return send("GET", "/businesses/" + businessId + "/job", null, 200);
    }

    /** The status a request answers, whatever it is. */
    int status(String method, String path) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", authorization)
                .method(method, HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(30))
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + method + " " + path, e);
        }
    }

    /** Every page of a business's items (pattern 2). */
    List<JsonNode> businessItems(String businessId) {
        return items("/businesses/" + businessId + "/items");
    }

    /** The ids of a business's subjects that a plain-text search finds (its first page of 100). */
    List<String> search(String businessId, String text) {
        JsonNode page = send(
                "GET",
                "/businesses/" + businessId + "/search" + PAGE + "&q="
                        + URLEncoder.encode(text, StandardCharsets.UTF_8),
                null,
                200);
        List<String> ids = new ArrayList<>();
        page.get("items").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    /** Every page of a list. */
    private List<JsonNode> items(String path) {
        List<JsonNode> items = new ArrayList<>();
        // A path may carry its own query (a filter): the page's parameters go after it.
        String page = path.contains("?") ? "&" + PAGE.substring(1) : PAGE;
        String query = page;
        while (true) {
            JsonNode answer = send("GET", path + query, null, 200);
            answer.get("items").forEach(items::add);
            JsonNode next = answer.get("next");
            if (next == null || next.isNull()) {
                return items;
            }
            query = page + "&next=" + URLEncoder.encode(next.asText(), StandardCharsets.UTF_8);
        }
    }

    /** {@code expectedStatus} -1: 202 or 204. */
    private JsonNode send(String method, String path, JsonNode body, int expectedStatus) {
        HttpResponse<String> response = exchange(method, path, body);
        for (int attempt = 1; honoursRetryAfter && attempt < BUSY_ATTEMPTS && isBusy(response); attempt++) {
            pause(Duration.ofSeconds(
                    Long.parseLong(response.headers().firstValue("retry-after").orElseThrow())));
            response = exchange(method, path, body);
        }
        boolean expected = expectedStatus == -1
                ? response.statusCode() == 202 || response.statusCode() == 204
                : response.statusCode() == expectedStatus;
        if (!expected) {
            throw new AssertionError(method + " " + path + " answered " + response.statusCode() + ", expected "
                    + expectedStatus + ": " + response.body());
        }
        try {
            return response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " answered no JSON: " + response.body(), e);
        }
    }

    private static boolean isBusy(HttpResponse<String> response) {
        return (response.statusCode() == 429 || response.statusCode() == 503)
                && response.headers().firstValue("retry-after").isPresent();
    }

    private static void pause(Duration wait) {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry", e);
        }
    }

    /** One request and whatever it is answered: for a test that expects more than one status. */
    HttpResponse<String> exchange(String method, String path, JsonNode body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", authorization)
                .timeout(Duration.ofSeconds(30));
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("content-type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            // Once per JVM: an API that answers nothing has stalled (every function quiet, the cause not found yet),
            // and the threads of this JVM and of the functions' say on what.
            if (STALL_DUMPED.compareAndSet(false, true)) {
                ThreadDumps.print(method + " " + path + " did not answer within 30 s", System.out);
            }
            throw new UncheckedIOException(method + " " + path, e);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + method + " " + path, e);
        }
    }
}
