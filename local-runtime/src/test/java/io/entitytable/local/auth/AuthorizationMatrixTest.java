package io.entitytable.local.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.PlainJWT;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.SearchSystem;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every route of the API, through the local front door and the packaged function, for every kind of caller: no token,
 * an expired one, one signed by another key, {@code alg: none}, another audience, an operator, a member of the
 * subject's business and a member of another business. Each gets the status the authorization rules give it
 * (docs/design.md §8), as problem+json when refused, and the core items are unchanged after every refusal. The matrix
 * holds every route of the committed contract ({@code functions/openapi.json}) and no other, so a new route fails it by
 * name until its callers are checked here.
 */
@ExtendWith(SearchSystem.class)
class AuthorizationMatrixTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Items the fan-out writes behind the API's back, and the count of requests that every call the function gets adds
     * to (a refused call is still a request: docs/design.md §8, "Request limits"); a refusal is judged on everything
     * else.
     */
    private static final Set<String> UNJUDGED_KINDS =
            Set.of(ItemKind.EDGE.value(), ItemKind.TAG.value(), ItemKind.SKU.value(), ItemKind.RATE.value());

    /** The fields of an OpenAPI path item that are operations. */
    private static final Set<String> OPERATION_METHODS =
            Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    /** The callers whose token the front door refuses, before it looks at the route. */
    private static final List<Who> REFUSED_TOKENS =
            List.of(Who.NO_TOKEN, Who.EXPIRED, Who.OTHER_KEY, Who.ALG_NONE, Who.OTHER_AUDIENCE);

    /** The callers some routes allow, whose writes may leave work running after their calls. */
    private static final List<Who> ALLOWED = List.of(Who.OPERATOR, Who.MEMBER);

    @TempDir
    static Path otherDataFolder;

    private static LocalSystem system;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    enum Who {
        NO_TOKEN,
        EXPIRED,
        OTHER_KEY,
        ALG_NONE,
        OTHER_AUDIENCE,
        OPERATOR,
        MEMBER,
        OTHER_MEMBER
    }

    /**
     * A business with a customer linked to a store, an order and a tag. The routes of an entity it holds no subject of,
     * one a team declares beside the shipped ones, are the declared corpus's (functions' {@code
     * DeclaredAuthorizationTest}, which makes its calls from the entity's declaration).
     */
    record Tenant(String business, String customer, String store, String order) {
        private static final Set<Entity> HELD = Set.of(Entity.BUSINESS, Entity.CUSTOMER, Entity.STORE, Entity.ORDER);

        /** Whether a route ({@code GET /stores/{id}}) belongs to no entity or to one a tenant holds. */
        static boolean holds(String route) {
            String[] segments = route.substring(route.indexOf(' ') + 2).split("/");
            String collection = segments[0].equals("businesses") && segments.length > 2 ? segments[2] : segments[0];
            return Entity.fromCollection(collection).map(HELD::contains).orElse(true);
        }
    }

    /** One request of one route. */
    record Call(String method, String path, String body) {
        @Override
        public String toString() {
            return method + " " + path.replaceAll("[0-9A-Z]{26}", "{id}");
        }
    }

    @BeforeAll
    static void start(LocalSystem shared) throws InterruptedException {
        // With the search index: without one, the search route answers 404 to every caller before it asks who is
        // calling. What an earlier test of the JVM set going has ended before the first refusal is judged.
        system = shared;
        SearchSystem.awaitSettled(system);
    }

    @Test
    void everyRoute_shouldAnswerEachCallerAsTheRulesSay_andARefusalChangesNothing() throws Exception {
        Tenant other = tenant("Other");
        List<String> wrong = new ArrayList<>();
        Map<Who, Map<Integer, Integer>> seen = new TreeMap<>();
        for (Who who : refusedFirst()) {
            // GIVEN a fresh business for this caller to aim at (an allowed caller changes and deletes it)
            Tenant target = tenant("Target " + who);
            String authorization = authorization(who, target, other);
            // The table as the caller's last refused call left it: the next call's starting point while nothing else
            // writes, which holds until an allowed call (whose work may go on after it) or the next caller's tenant.
            Map<String, Map<String, AttributeValue>> leftAsItWas = null;
            for (Call call : routes(target, other)) {
                int expected = refusal(who, call);
                Map<String, Map<String, AttributeValue>> before = null;
                long changesBefore = 0;
                if (expected != 0) {
                    if (ALLOWED.contains(who)) {
                        SearchSystem.awaitSettled(system);
                        leftAsItWas = null;
                    }
                    changesBefore = itemChanges();
                    before = leftAsItWas != null ? leftAsItWas : coreItems();
                }
                // WHEN
                HttpResponse<String> response = send(call, authorization);
                // THEN
                int status = response.statusCode();
                seen.computeIfAbsent(who, unused -> new TreeMap<>()).merge(status, 1, Integer::sum);
                String problem = response.headers().firstValue("content-type").orElse("");
                if (expected != 0) {
                    if (status != expected || !problem.startsWith("application/problem+json")) {
                        wrong.add(who + " " + call + " -> " + status + " " + problem + ", expected " + expected);
                    }
                    // The table is read again only when the engine applied a change meanwhile: a lease of the
                    // request limiter, or the fan-out's copies of an earlier write, which the comparison leaves out.
                    Map<String, Map<String, AttributeValue>> after =
                            itemChanges() == changesBefore ? before : coreItems();
                    if (!after.equals(before)) {
                        wrong.add(who + " " + call + " was refused but changed the table");
                    }
                    leftAsItWas = after;
                } else {
                    leftAsItWas = null;
                    if (status == 401 || status == 403 || status == 404 || status >= 500) {
                        wrong.add(who + " " + call + " -> " + status + " " + response.body());
                    }
                }
            }
        }
        System.out.println("[matrix] statuses by caller: " + seen);
        assertThat(wrong).isEmpty();
        assertThat(seen).hasSize(Who.values().length);
    }

    @Test
    void matrix_shouldCallEveryRouteOfTheContract_andNoOther() throws Exception {
        // GIVEN the routes of the committed contract
        Set<String> contract = contractRoutes(system.options().openApiDocument());
        String id = "01JD8X3K5Q7Y2M4N6P8R0T2V4W";
        Tenant placeholder = new Tenant(id, id, id, id);

        // WHEN each call of the matrix is taken to the route that serves it
        List<String> differences = new ArrayList<>();
        Set<String> called = new TreeSet<>();
        for (Call call : routes(placeholder, placeholder)) {
            String route = routeOf(call, contract);
            if (route == null) {
                differences.add(call + ": in the matrix but not a route of the API");
            } else {
                called.add(route);
            }
        }
        for (String route : contract) {
            if (Tenant.holds(route) && !called.contains(route)) {
                differences.add(route + ": a route of the API that the matrix does not call");
            }
        }

        // THEN
        assertThat(differences).isEmpty();
    }

    @Test
    void routesOfAnEntityDeclaredByItsFields_shouldBe401WithoutAValidToken_andA404ProblemToAnOperator()
            throws Exception {
        // GIVEN the routes every entity declared by its fields has, for a collection the packaged function does not
        // declare (its declarations are the domain's; a test's own are not packaged), and a business to aim them at
        Tenant target = tenant("Declared routes");
        String id = target.customer();
        String collection = "/businesses/" + target.business() + "/articles";
        List<Call> declared = List.of(
                new Call("POST", collection, "{\"sku\":\"a\"}"),
                new Call("GET", collection + "?namePrefix=a", null),
                new Call("GET", "/articles/" + id, null),
                new Call("PATCH", "/articles/" + id, "{\"name\":\"x\"}"),
                new Call("DELETE", "/articles/" + id, null),
                new Call("PUT", "/articles/" + id + "/tags/x", null),
                new Call("DELETE", "/articles/" + id + "/tags/x", null));
        List<String> wrong = new ArrayList<>();
        Map<String, Map<String, AttributeValue>> before = coreItems();
        for (Who who :
                List.of(Who.NO_TOKEN, Who.EXPIRED, Who.OTHER_KEY, Who.ALG_NONE, Who.OTHER_AUDIENCE, Who.OPERATOR)) {
            String authorization = authorization(who, target, target);
            for (Call call : declared) {
                // WHEN
                HttpResponse<String> response = send(call, authorization);
                // THEN a refused token is refused before any route is looked for; an operator meets no such collection
                int expected = REFUSED_TOKENS.contains(who) ? 401 : 404;
                String type = response.headers().firstValue("content-type").orElse("");
                if (response.statusCode() != expected || !type.startsWith("application/problem+json")) {
                    wrong.add(
                            who + " " + call + " -> " + response.statusCode() + " " + type + ", expected " + expected);
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    /**
     * The callers with refusals first: an allowed caller's store delete (and an operator's business erase) leaves a job
     * that goes on changing items after the call, which must not be taken for a refused call's write.
     */
    private static List<Who> refusedFirst() {
        List<Who> callers = new ArrayList<>(List.of(Who.values()));
        callers.removeAll(ALLOWED);
        callers.addAll(ALLOWED);
        return callers;
    }

    /** The status a refused call gets, or 0 when the caller may make it. */
    private static int refusal(Who who, Call call) {
        boolean createsABusiness = call.method().equals("POST") && call.path().equals("/businesses");
        boolean deletesABusiness = call.method().equals("DELETE") && call.path().matches("/businesses/[^/?]+");
        boolean readsThePatterns = call.path().equals("/patterns");
        // Read by the business's members, set by operators only.
        boolean setsRetention = call.method().equals("PUT") && call.path().matches("/businesses/[^/?]+/retention");
        // Operators' own routes, hidden from everyone else as if the business did not exist.
        boolean operatorsOnly = call.path().matches("/businesses/[^/?]+/(capacity|job)")
                || call.method().equals("DELETE") && call.path().matches("/businesses/[^/?]+\\?cascade=true");
        return switch (who) {
            case NO_TOKEN, EXPIRED, OTHER_KEY, ALG_NONE, OTHER_AUDIENCE -> 401;
            case OPERATOR -> 0;
            case MEMBER -> createsABusiness || deletesABusiness || readsThePatterns || setsRetention
                    ? 403
                    : operatorsOnly ? 404 : 0;
            case OTHER_MEMBER -> createsABusiness || deletesABusiness || readsThePatterns ? 403 : 404;
        };
    }

    /**
     * Every route, aimed at {@code t}'s subjects; one link names {@code t}'s customer and {@code t}'s store. The
     * deletes come last, so that every route before them still finds its subject.
     */
    private static List<Call> routes(Tenant t, Tenant other) {
        String b = "/businesses/" + t.business();
        String c = "/customers/" + t.customer();
        String s = "/stores/" + t.store();
        String o = "/orders/" + t.order();
        String line = "{\"sku\":\"P-1\",\"description\":\"Pens\",\"quantity\":1,\"unitPriceCents\":100}";
        return List.of(
                new Call("POST", "/businesses", "{\"name\":\"New\"}"),
                // The operators' view of the access patterns: no business of its own, so a member is refused outright.
                new Call("GET", "/patterns", null),
                new Call("GET", b, null),
                new Call("PATCH", b, "{\"name\":\"Renamed\"}"),
                new Call("GET", b + "/items", null),
                new Call("GET", b + "/customers", null),
                new Call("POST", b + "/customers", "{\"firstName\":\"Eve\",\"lastName\":\"Lee\"}"),
                new Call("GET", b + "/stores", null),
                new Call(
                        "POST",
                        b + "/stores",
                        "{\"name\":\"Annex\",\"address\":{\"street\":\"1 Main St\",\"city\":\"Austin\",\"state\":\"TX\","
                                + "\"zip\":\"73301\",\"country\":\"US\"}}"),
                new Call("GET", b + "/orders", null),
                new Call("GET", b + "/orders?status=OPEN", null),
                new Call("GET", b + "/tagged/vip", null),
                new Call("GET", b + "/tagged?any=vip", null),
                new Call("GET", b + "/search?q=ann", null),
                new Call("GET", b + "/capacity", null),
                // The count the business has: an operator's call writes nothing.
                new Call("PUT", b + "/capacity", "{\"shards\":1}"),
                new Call("GET", b + "/retention", null),
                // The default: an operator's call writes nothing.
                new Call("PUT", b + "/retention", "{\"orders\":\"P400D\"}"),
                new Call("PUT", b + "/tags/x", null),
                new Call("DELETE", b + "/tags/x", null),
                new Call("GET", c, null),
                new Call("PATCH", c, "{\"firstName\":\"Eve\"}"),
                new Call("GET", c + "/orders", null),
                new Call("POST", c + "/orders", "{\"shipTo\":\"home\",\"lines\":[" + line + "]}"),
                new Call("GET", c + "/stores", null),
                new Call("DELETE", c + "/stores/" + t.store(), null),
                new Call("PUT", c + "/stores/" + t.store(), null),
                new Call("PUT", c + "/tags/x", null),
                new Call("DELETE", c + "/tags/x", null),
                new Call("GET", s, null),
                new Call("PATCH", s, "{\"name\":\"Renamed\"}"),
                new Call("GET", s + "/customers", null),
                new Call("PUT", s + "/tags/x", null),
                new Call("DELETE", s + "/tags/x", null),
                new Call("GET", o, null),
                new Call("PATCH", o, "{\"status\":\"PAID\"}"),
                new Call("PUT", o + "/tags/x", null),
                new Call("DELETE", o + "/tags/x", null),
                new Call("DELETE", o, null),
                new Call("DELETE", s + "?unlink=true", null),
                // The store's job outlives it: a member of its business follows it, any other caller gets a 404.
                new Call("GET", s + "/job", null),
                new Call("DELETE", c, null),
                // The business still owns what the calls above created: an operator's plain delete is a 409, and the
                // erase is accepted; its job outlives the business, and only an operator may follow it.
                new Call("DELETE", b, null),
                new Call("DELETE", b + "?cascade=true", null),
                new Call("GET", b + "/job", null));
    }

    /**
     * The contract's operations, {@code "METHOD /template"}: every method OpenAPI lets a path item hold, so that an
     * operation of any method is one the matrix must call.
     */
    private static Set<String> contractRoutes(Path document) throws Exception {
        Set<String> routes = new TreeSet<>();
        JSON.readTree(document.toFile()).path("paths").fields().forEachRemaining(path -> path.getValue()
                .fieldNames()
                .forEachRemaining(method -> {
                    if (OPERATION_METHODS.contains(method)) {
                        routes.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey());
                    }
                }));
        return routes;
    }

    /**
     * The route of {@code routes} that serves {@code call}, as the API's router picks it: the template that matches
     * the path segment by segment ({@code {name}} matching any one segment), of two the one with more literal
     * segments; null when none does.
     */
    private static String routeOf(Call call, Set<String> routes) {
        String[] segments = call.path().replaceFirst("\\?.*", "").split("/");
        String best = null;
        int bestLiterals = -1;
        for (String route : routes) {
            String[] template = route.substring(route.indexOf(' ') + 1).split("/");
            if (!route.startsWith(call.method() + " ") || template.length != segments.length) {
                continue;
            }
            int literals = 0;
            for (int i = 0; i < template.length && literals >= 0; i++) {
                if (template[i].equals(segments[i])) {
                    literals++;
                } else if (!template[i].startsWith("{") || segments[i].isEmpty()) {
                    literals = -1;
                }
            }
            if (literals > bestLiterals) {
                best = route;
                bestLiterals = literals;
            }
        }
        return best;
    }

    private static String authorization(Who who, Tenant target, Tenant other) throws Exception {
        LocalIssuer issuer = system.issuer();
        ECKey key = TokenMaking.keyIn(system.options().authFolder());
        Instant now = Instant.now();
        String token =
                switch (who) {
                    case NO_TOKEN -> null;
                    case EXPIRED -> new LocalIssuer(
                                    key, LocalIssuer.ISSUER, TokenMaking.at(now.minus(Duration.ofHours(13))))
                            .operatorToken();
                    case OTHER_KEY -> LocalIssuer.inFolder(otherDataFolder).operatorToken();
                    case ALG_NONE -> new PlainJWT(
                                    new PlainHeader(), TokenMaking.validClaims().build())
                            .serialize();
                    case OTHER_AUDIENCE -> issuer.sign(
                            TokenMaking.validClaims().audience("someone-else").build());
                    case OPERATOR -> issuer.operatorToken();
                    case MEMBER -> issuer.businessToken(List.of(target.business()));
                    case OTHER_MEMBER -> issuer.businessToken(List.of(other.business()));
                };
        return token == null ? null : "Bearer " + token;
    }
    /** A business with a customer (linked to a store, tagged vip) and an order, made by an operator. */
    private static Tenant tenant(String name) throws Exception {
        String operator = "Bearer " + system.issuer().operatorToken();
        String business = created(send(new Call("POST", "/businesses", "{\"name\":\"" + name + "\"}"), operator));
        String customer = created(send(
                new Call(
                        "POST",
                        "/businesses/" + business + "/customers",
                        "{\"firstName\":\"Ann\",\"lastName\":\"Smith\",\"mailingAddresses\":{\"home\":{\"street\":\"1"
                                + " Main St\",\"city\":\"Austin\",\"state\":\"TX\",\"zip\":\"73301\",\"country\":\"US\"}}}"),
                operator));
        String store = created(send(
                new Call(
                        "POST",
                        "/businesses/" + business + "/stores",
                        "{\"name\":\"Main\",\"address\":{\"street\":\"1 Main St\",\"city\":\"Austin\",\"state\":\"TX\","
                                + "\"zip\":\"73301\",\"country\":\"US\"}}"),
                operator));
        assertThat(send(new Call("PUT", "/customers/" + customer + "/stores/" + store, null), operator)
                        .statusCode())
                .isEqualTo(204);
        assertThat(send(new Call("PUT", "/customers/" + customer + "/tags/vip", null), operator)
                        .statusCode())
                .isEqualTo(204);
        String order = created(send(
                new Call(
                        "POST",
                        "/customers/" + customer + "/orders",
                        "{\"shipTo\":\"home\",\"lines\":[{\"sku\":\"P-1\",\"description\":\"Pens\",\"quantity\":1,"
                                + "\"unitPriceCents\":100}]}"),
                operator));
        return new Tenant(business, customer, store, order);
    }

    private static String created(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(response.body());
        return body.get("id").asText();
    }

    private static HttpResponse<String> send(Call call, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://localhost:" + system.apiPort() + call.path()))
                .timeout(Duration.ofSeconds(30))
                .method(
                        call.method(),
                        call.body() == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(call.body()));
        if (call.body() != null) {
            request.header("content-type", "application/json");
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The engine's count of the table's item changes: it moves with every put, update or delete that changed one. */
    private static long itemChanges() {
        return system.dynamoDb().control().itemChanges(system.options().tableName());
    }

    /** Every item but the fan-out's copies, by key (the fan-out keeps working on earlier writes meanwhile). */
    private static Map<String, Map<String, AttributeValue>> coreItems() {
        Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
        system.dynamoDb()
                .client()
                .scanPaginator(request ->
                        request.tableName(system.options().tableName()).consistentRead(true))
                .items()
                .forEach(item -> {
                    AttributeValue kind = item.get(Attributes.KIND);
                    if (kind == null || !UNJUDGED_KINDS.contains(kind.s())) {
                        items.put(
                                item.get(Attributes.ID).s() + " "
                                        + item.get(Attributes.TYPE).s(),
                                item);
                    }
                });
        return items;
    }
}
