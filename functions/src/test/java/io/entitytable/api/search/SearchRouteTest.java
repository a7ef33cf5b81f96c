package io.entitytable.api.search;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.SearchFields;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.search.client.TextQuery;
import io.entitytable.search.local.SharedSearchEngine;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /businesses/{id}/search} against the real engine: what a hit carries, pages and their cursors, types, and
 * that a business never sees another's documents whatever it sends.
 */
@QuarkusTest
@TestProfile(SearchProfile.class)
class SearchRouteTest {
    private static final String PROBLEM = "application/problem+json";

    private String acme;
    private String other;

    @BeforeEach
    void twoBusinesses() {
        acme = createBusiness("Acme");
        other = createBusiness("Other");
        List<SearchDocument> documents = new ArrayList<>();
        documents.add(customer(acme, "Alonso", "Quixote"));
        documents.add(customer(other, "Alonso", "Quixote"));
        documents.add(document(Entity.STORE, acme, "Walnut Games", Map.of(SearchFields.NAME, List.of("Walnut Games"))));
        documents.add(document(
                Entity.ORDER,
                acme,
                "Sancho Panza",
                Map.of(SearchFields.DESCRIPTION, List.of("walnut chessboard"), SearchFields.SKU, List.of("CB-1"))));
        for (int i = 0; i < 25; i++) {
            documents.add(customer(acme, "Ann", "Pagesmith"));
        }
        index(documents);
    }

    @Test
    void aPrefix_shouldFindTheCustomer_withItsSummaryAndHighlights() {
        Response response = search(acme, "q", "quix");

        response.then().statusCode(200);
        List<Map<String, Object>> items = response.path("items");
        assertThat(items).hasSize(1);
        Map<String, Object> hit = items.get(0);
        assertThat(hit)
                .containsEntry("type", "customer")
                .containsEntry("businessId", acme)
                .containsEntry("title", "Alonso Quixote")
                .containsKeys("id", "fields", "highlight")
                .doesNotContainKey("score");
        assertThat(response.<List<String>>path("items[0].highlight.lastName")).containsExactly("<em>Quixote</em>");
        assertThat(response.<String>path("next")).isNull();
        // The engine's call is timed apart from the function's own time; the search makes no DynamoDB call. (The
        // header is a list; the test server splits it at commas.)
        assertThat(String.join(",", response.headers().getValues("Server-Timing")))
                .contains("db;dur=")
                .contains(";count=0")
                .contains("search;dur=")
                .endsWith(";count=1");
    }

    @Test
    void pages_shouldFollowEachOther_andTheirCursorsServeOnlyTheirOwnSearch() {
        List<String> ids = new ArrayList<>();
        String next = null;
        int pages = 0;
        do {
            Response page = next == null
                    ? search(acme, "q", "pagesmith", "limit", "10")
                    : search(acme, "q", "pagesmith", "limit", "10", "next", next);
            page.then().statusCode(200);
            ids.addAll(page.path("items.id"));
            next = page.path("next");
            pages++;
            if (pages == 1) {
                // The cursor of one search is no good for another, nor for another business, nor edited.
                String cursor = next;
                search(acme, "q", "quixote", "next", cursor)
                        .then()
                        .statusCode(400)
                        .contentType(PROBLEM);
                search(acme, "q", "pagesmith", "type", "store", "next", cursor)
                        .then()
                        .statusCode(400);
                search(other, "q", "pagesmith", "next", cursor).then().statusCode(400);
                search(acme, "q", "pagesmith", "next", cursor.substring(1))
                        .then()
                        .statusCode(400);
            }
        } while (next != null);

        assertThat(pages).isEqualTo(3);
        assertThat(ids).hasSize(25).doesNotHaveDuplicates();
    }

    @Test
    void types_shouldFilter_repeatedOrCommaSeparated() {
        assertThat(search(acme, "q", "walnut").<List<String>>path("items.type"))
                .containsExactlyInAnyOrder("store", "order");
        assertThat(search(acme, "q", "walnut", "type", "order").<List<String>>path("items.type"))
                .containsExactly("order");
        assertThat(search(acme, "q", "walnut", "type", "customer,store").<List<String>>path("items.type"))
                .containsExactly("store");
        assertThat(search(acme, "q", "walnut", "type", "customer", "type", "order")
                        .<List<String>>path("items.type"))
                .containsExactly("order");
    }

    @Test
    void anAnswer_shouldNotChange_whenAnotherBusinessIndexesTheSameWords() {
        // GIVEN a page of hits and its cursor
        Response before = search(acme, "q", "pagesmith", "limit", "10");
        before.then().statusCode(200);

        // WHEN another business indexes many documents with the same word: the engine's term statistics, and so its
        // relevance scores, change
        List<SearchDocument> crowd = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            crowd.add(customer(other, "Crowd", "Pagesmith"));
        }
        index(crowd);
        Response after = search(acme, "q", "pagesmith", "limit", "10");

        // THEN the same answer, cursor included: nothing in it is computed from the other business's documents
        assertThat(after.body().asString()).isEqualTo(before.body().asString());
        assertThat(before.<String>path("next")).isNotNull();
    }

    @Test
    void aMember_shouldSearchOnlyItsOwnBusiness() {
        String member = TestCallerAccess.member(acme);
        Response own = given().header(TestCallerAccess.HEADER, member)
                .queryParam("q", "Quixote")
                .get("/businesses/" + acme + "/search");
        own.then().statusCode(200);
        assertThat(own.<List<String>>path("items.businessId")).containsExactly(acme);

        given().header(TestCallerAccess.HEADER, member)
                .queryParam("q", "Quixote")
                .get("/businesses/" + other + "/search")
                .then()
                .statusCode(404)
                .contentType(PROBLEM);
    }

    @Test
    void hostileText_shouldBeSearchedAsWords_insideTheBusiness() {
        for (String text : List.of(
                "businessId:" + other + " OR *",
                "*",
                "{\"match_all\":{}}",
                "((( ]]]",
                "_id:" + other,
                "quixote\" OR \"",
                other,
                "a".repeat(TextQuery.MAX_LENGTH))) {
            Response response = search(acme, "q", text);
            response.then().statusCode(200);
            assertThat(response.<List<String>>path("items.businessId")).as(text).allMatch(acme::equals);
        }
    }

    @Test
    void badInput_shouldBeAProblem_andNeverA5xx() {
        Map<List<String>, Integer> cases = new java.util.LinkedHashMap<>();
        cases.put(List.of(), 400);
        cases.put(List.of("q", ""), 400);
        cases.put(List.of("q", "   "), 400);
        cases.put(List.of("q", "a".repeat(TextQuery.MAX_LENGTH + 1)), 400);
        cases.put(List.of("q", "one two three four five six seven eight nine ten eleven"), 400);
        cases.put(List.of("q", "tab\there"), 400);
        cases.put(List.of("q", "nul\u0000"), 400);
        cases.put(List.of("q", "x", "type", "business"), 400);
        cases.put(List.of("q", "x", "type", "nonsense"), 400);
        cases.put(List.of("q", "x", "type", "store,"), 400);
        cases.put(List.of("q", "x", "limit", "0"), 400);
        cases.put(List.of("q", "x", "limit", "101"), 400);
        cases.put(List.of("q", "x", "limit", "ten"), 400);
        cases.put(List.of("q", "x", "next", "forged"), 400);
        cases.put(List.of("q", "x", "next", "eyJ9.AAAA"), 400);
        cases.forEach((params, status) -> search(acme, params.toArray(String[]::new))
                .then()
                .statusCode(status)
                .contentType(PROBLEM));
        given().queryParam("q", "x")
                .get("/businesses/not-an-id/search")
                .then()
                .statusCode(422)
                .contentType(PROBLEM);
    }

    @Test
    void anEntityTheIndexDoesNotHold_shouldBeRefusedNamingEverySearchableEntity() {
        // GIVEN the entities whose definitions make them searchable
        List<String> searchable =
                Entity.searchable().stream().map(Entity::keyName).toList();

        // WHEN a search asks for an entity the index does not hold
        String detail = search(acme, "q", "x", "type", "business")
                .then()
                .statusCode(400)
                .contentType(PROBLEM)
                .extract()
                .path("detail");

        // THEN the answer names each one a search may ask for
        assertThat(searchable).isNotEmpty();
        assertThat(detail).contains(searchable);
    }

    private static Response search(String business, String... params) {
        var request = given();
        Map<String, List<String>> byName = new java.util.LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            byName.computeIfAbsent(params[i], name -> new ArrayList<>()).add(params[i + 1]);
        }
        byName.forEach((name, values) -> request.queryParam(name, values));
        return request.get("/businesses/" + business + "/search");
    }

    private static SearchDocument customer(String business, String first, String last) {
        return document(
                Entity.CUSTOMER,
                business,
                first + " " + last,
                Map.of(SearchFields.FIRST_NAME, List.of(first), SearchFields.LAST_NAME, List.of(last)));
    }

    private static SearchDocument document(
            Entity entity, String business, String title, Map<String, List<String>> text) {
        return new SearchDocument(entity.keyName(), Ids.newId(), business, 1, false, Instant.now(), title, text);
    }

    /** Indexes the documents as the indexer does (routed by business, external versions) and makes them searchable. */
    private static void index(List<SearchDocument> documents) {
        URI endpoint = SharedSearchEngine.get().endpoint();
        String bulk = documents.stream()
                .map(document -> "{\"index\":{\"_index\":\"" + SearchIndex.ALIAS + "\",\"_id\":\"" + document.id()
                        + "\",\"routing\":\"" + document.businessId() + "\",\"version\":"
                        + document.indexVersion() + ",\"version_type\":\"external\"}}\n" + document.toJson() + "\n")
                .collect(Collectors.joining());
        LocalSearchResource.send(endpoint, "POST", "/_bulk?refresh=true", bulk);
    }
}
