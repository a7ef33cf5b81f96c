package io.entitytable.search.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.Entity;
import io.entitytable.model.SearchFields;
import io.entitytable.search.local.SharedSearchEngine;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;

/** The one text search against the real engine: what matches, what never does, and how pages follow each other. */
class TextSearchTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger NEXT_ID = new AtomicInteger(1000);
    private static final String INDEX = "text-search-" + ProcessHandle.current().pid();
    private static final String BUSINESS = "B-ACME";
    private static final String OTHER_BUSINESS = "B-OTHER";
    private static final String MARKUP_FIRST_NAME = "<img src=x onerror=alert(1)>";

    private static URI endpoint;
    private static OpenSearchClient client;
    private static TextSearch search;

    @BeforeAll
    static void indexTheWorld() throws Exception {
        endpoint = SharedSearchEngine.get().endpoint();
        client = SearchClients.create(endpoint, false);
        search = new TextSearch(client, INDEX);
        http("PUT", "/" + INDEX, SearchIndex.definitionJson());
        List<SearchDocument> documents = new ArrayList<>();
        documents.add(
                customer(BUSINESS, "C-QUIXOTE", "Alonso", "Quixote", "alonso@lamancha.example", Set.of("knight")));
        documents.add(customer(BUSINESS, "C-JOSE", "José", "Núñez", "jose@example.com", Set.of()));
        documents.add(store(BUSINESS, "S-WALNUT", "Walnut Games", Set.of("chess")));
        documents.add(order(BUSINESS, "O-CHESS", "walnut chessboard", "SKU-CB-01", "Sancho Panza"));
        // Another business with the very same words: never found from BUSINESS.
        documents.add(customer(OTHER_BUSINESS, "C-OTHER-QUIXOTE", "Alonso", "Quixote", null, Set.of("knight")));
        // A customer deleted since: its tombstone (a later version) replaces its document.
        documents.add(customer(BUSINESS, "C-ZED", "Zebediah", "Gone", null, Set.of()));
        documents.add(new SearchDocument(
                Entity.CUSTOMER.keyName(),
                "C-ZED",
                BUSINESS,
                NEXT_ID.incrementAndGet(),
                true,
                Instant.parse("2026-11-20T10:00:00Z"),
                null,
                Map.of()));
        // Markup in a name: every character HTML must escape.
        documents.add(customer(BUSINESS, "C-MARKUP", MARKUP_FIRST_NAME, "Tom \"Jerry\" & 'Spike'", null, Set.of()));
        // 25 customers who match "Pagesmith" equally: ties broken by id.
        for (int i = 0; i < 25; i++) {
            documents.add(customer(BUSINESS, String.format("C-PAGE-%02d", i), "Ann", "Pagesmith", null, Set.of()));
        }
        index(documents);
        http("POST", "/" + INDEX + "/_refresh", null);
    }

    @Test
    void aWordPrefix_shouldFindTheWholeWord() throws IOException {
        assertThat(ids("quix", Set.of())).containsExactly("C-QUIXOTE");
    }

    @Test
    void oneTypoInALongWord_shouldStillMatch_whereverItIs() throws IOException {
        assertThat(ids("Quixotr", Set.of())).containsExactly("C-QUIXOTE");
        assertThat(ids("chesbsoard", Set.of())).containsExactly("O-CHESS");
        assertThat(ids("Puixote", Set.of())).containsExactly("C-QUIXOTE");
    }

    @Test
    void typos_shouldBeForgivenOnlyWhereTheyCannotFloodTheResults() throws IOException {
        // Two letters swapped are one typo.
        assertThat(ids("Quixtoe", Set.of())).containsExactly("C-QUIXOTE");
        // Two typos, or one in a word under five letters: another word.
        assertThat(ids("Qiuxotr", Set.of())).isEmpty();
        assertThat(ids("Anm", Set.of())).isEmpty();
        assertThat(ids("Ann", Set.of())).hasSize(25);
    }

    @Test
    void aTypo_shouldBeHighlightedOnTheWordItMatched() throws IOException {
        TextHit hit = search.run(new TextQuery(BUSINESS, "Quixotr", Set.of(), 10, null))
                .hits()
                .get(0);
        assertThat(hit.highlight()).containsOnlyKeys(SearchFields.LAST_NAME);
        assertThat(hit.highlight().get(SearchFields.LAST_NAME)).containsExactly("<em>Quixote</em>");
    }

    @Test
    void accentsAndCase_shouldNotMatter() throws IOException {
        assertThat(ids("jose nunez", Set.of())).containsExactly("C-JOSE");
        assertThat(ids("JOSÉ", Set.of())).containsExactly("C-JOSE");
    }

    @Test
    void anOrder_shouldBeFoundByItsLinesAndItsCustomer() throws IOException {
        assertThat(ids("walnut chessboard", Set.of(Entity.ORDER))).containsExactly("O-CHESS");
        assertThat(ids("SKU-CB-01", Set.of())).containsExactly("O-CHESS");
        assertThat(ids("Sancho", Set.of())).containsExactly("O-CHESS");
    }

    @Test
    void types_shouldFilterTheHits() throws IOException {
        assertThat(ids("walnut", Set.of())).containsExactlyInAnyOrder("S-WALNUT", "O-CHESS");
        assertThat(ids("walnut", Set.of(Entity.STORE))).containsExactly("S-WALNUT");
        assertThat(ids("walnut", Set.of(Entity.CUSTOMER))).isEmpty();
    }

    @Test
    void anotherBusinessAndTombstones_shouldNeverBeFound() throws IOException {
        assertThat(ids("Alonso Quixote knight", Set.of())).containsExactly("C-QUIXOTE");
        assertThat(ids("Zebediah", Set.of())).isEmpty();
    }

    @Test
    void queryLanguageSyntax_shouldBeSearchedAsPlainWords() throws IOException {
        // Parsed as a query language, these would name fields, match everything or fail; as words they find only what
        // their words find, inside the business.
        for (String hostile : List.of(
                "businessId:" + OTHER_BUSINESS + " OR *",
                "*",
                "{\"match_all\":{}}",
                "(((",
                "lastName:Quixote",
                "_id:C-OTHER-QUIXOTE",
                "\u0000\u001f\\")) {
            List<TextHit> hits = search.run(new TextQuery(BUSINESS, hostile, Set.of(), 100, null))
                    .hits();
            assertThat(hits).as(hostile).allSatisfy(hit -> assertThat(hit.businessId())
                    .isEqualTo(BUSINESS));
            assertThat(hits).as(hostile).hasSizeLessThan(5);
        }
        assertThat(ids("Quixote OR *", Set.of())).containsExactly("C-QUIXOTE");
    }

    @Test
    void aHit_shouldCarryItsSummaryAndHighlights() throws IOException {
        TextHit hit = search.run(new TextQuery(BUSINESS, "quix", Set.of(), 10, null))
                .hits()
                .get(0);
        assertThat(hit.type()).isEqualTo("customer");
        assertThat(hit.businessId()).isEqualTo(BUSINESS);
        assertThat(hit.title()).isEqualTo("Alonso Quixote");
        assertThat(hit.fields()).containsEntry(SearchFields.LAST_NAME, List.of("Quixote"));
        assertThat(hit.highlight().get(SearchFields.LAST_NAME)).containsExactly("<em>Quixote</em>");
    }

    @Test
    void pages_shouldFollowEachOther_withoutGapsOrRepeats() throws IOException {
        List<String> whole = ids("Pagesmith", Set.of(), 100);
        assertThat(whole).hasSize(25);

        List<String> paged = new ArrayList<>();
        TextQuery.After after = null;
        int pages = 0;
        do {
            TextSearchPage page = search.run(new TextQuery(BUSINESS, "Pagesmith", Set.of(), 10, after));
            page.hits().forEach(hit -> paged.add(hit.id()));
            after = page.next();
            pages++;
        } while (after != null);

        assertThat(pages).isEqualTo(3);
        assertThat(paged).isEqualTo(whole);
        // Equal scores: ordered by id.
        assertThat(whole).isSorted();
    }

    @Test
    void pages_shouldStopAtTheDepthLimit() throws IOException {
        // GIVEN 25 equal hits and a search that pages through 20 at most
        TextSearch shallow = new TextSearch(client, INDEX, 20);

        // WHEN
        TextSearchPage first = shallow.run(new TextQuery(BUSINESS, "Pagesmith", Set.of(), 10, null));
        TextSearchPage second = shallow.run(new TextQuery(BUSINESS, "Pagesmith", Set.of(), 10, first.next()));

        // THEN
        assertThat(first.next()).isEqualTo(new TextQuery.After(10));
        assertThat(second.hits()).hasSize(10);
        assertThat(second.next()).isNull();
    }

    @Test
    void highlights_shouldEscapeStoredMarkup_andKeepTheEnginesEmTheOnlyMarkup() throws IOException {
        // WHEN
        TextHit hit = search.run(new TextQuery(BUSINESS, "onerror spike", Set.of(), 10, null))
                .hits()
                .get(0);

        // THEN the stored text comes back escaped, matches wrapped in <em>; the fields stay the text as stored
        assertThat(hit.id()).isEqualTo("C-MARKUP");
        assertThat(hit.highlight().get(SearchFields.FIRST_NAME))
                .containsExactly("&lt;img src=x <em>onerror</em>=alert(1)&gt;");
        assertThat(hit.highlight().get(SearchFields.LAST_NAME))
                .containsExactly("Tom &quot;Jerry&quot; &amp; &#x27;<em>Spike</em>&#x27;");
        assertThat(hit.fields().get(SearchFields.FIRST_NAME)).containsExactly(MARKUP_FIRST_NAME);
        assertThat(hit.highlight().values().stream().flatMap(List::stream))
                .allSatisfy(fragment -> assertThat(fragment.replace("<em>", "").replace("</em>", ""))
                        .doesNotContain("<", ">", "\"", "'"));
    }

    @Test
    void words_shouldBeCountedAsTheEngineSplitsThem_neverFewer() throws Exception {
        // GIVEN text the engine's tokenizer splits in unusual places
        List<String> texts = List.of(
                "Alonso Quixote",
                "alonso@lamancha.example",
                "l'église 3.14 SKU-CB-01",
                "東京都渋谷区",
                "ひらがなです カタカナ テスト",
                "\uD83D\uDE00\uD83D\uDE00\uD83D\uDC4D\uD83C\uDFFD",
                "สวัสดีครับ 한국어",
                "a-b-c-d-e-f-g-h-i-j-k",
                "<img src=x onerror=alert(1)>",
                "ＡＢＣ１２３ a\u200Bb",
                "1\uFE0F\u20E3 x_y_z");
        for (String text : texts) {
            // WHEN
            int tokens = tokens(text);

            // THEN
            assertThat(QueryWords.count(text)).as(text).isGreaterThanOrEqualTo(tokens);
        }
        assertThat(QueryWords.count("Alonso Quixote")).isEqualTo(2);
        assertThat(QueryWords.count("東京都渋谷区")).isEqualTo(6);
    }

    @Test
    void theLongestQuery_inACrowdedVocabulary_shouldBeAnswered_notRefused() throws Exception {
        // GIVEN another business whose documents hold nine look-alikes of each of ten words in every text field, the
        // most a fuzzy word can stand for: the query is as large as the engine will ever see from the API
        List<String> words = List.of(
                "quixote",
                "panzas",
                "dulcinea",
                "rocinante",
                "mancha",
                "barcelona",
                "toboso",
                "sancho",
                "alonsos",
                "cervantes");
        List<SearchDocument> crowd = new ArrayList<>();
        for (String word : words) {
            for (char letter = 'a'; letter < 'a' + 9; letter++) {
                String lookAlike = word.substring(0, word.length() - 1) + letter;
                Map<String, List<String>> text = new LinkedHashMap<>();
                SearchFields.TEXT.forEach(field -> text.put(field, List.of(lookAlike)));
                crowd.add(live(Entity.CUSTOMER, "C-CROWD-" + lookAlike, "B-CROWD", lookAlike, text));
            }
        }
        crowd.add(customer(BUSINESS, "C-CERVANTES", "Miguel", "Cervantes", null, Set.of()));
        index(crowd);
        http("POST", "/" + INDEX + "/_refresh", null);
        String text = String.join(" ", words);
        assertThat(QueryWords.count(text)).isEqualTo(TextQuery.MAX_WORDS);

        // WHEN every filter is asked for too
        List<String> ids = ids(text, Set.of(Entity.CUSTOMER, Entity.STORE, Entity.ORDER));

        // THEN
        assertThat(ids).contains("C-CERVANTES").allMatch(id -> !id.startsWith("C-CROWD"));
    }

    @Test
    void aQueryTheEngineRefuses_shouldBeARefusal_notAFailureToRetry() throws Exception {
        // GIVEN an engine that takes fewer terms per query than the API's longest query makes
        http("PUT", "/_cluster/settings", "{\"transient\":{\"indices.query.bool.max_clause_count\":30}}");
        try {
            // WHEN / THEN
            assertThatThrownBy(() -> search.run(new TextQuery(BUSINESS, "Quixote Alonso", Set.of(), 10, null)))
                    .isInstanceOfSatisfying(QueryRefusedException.class, refused -> assertThat(refused.status())
                            .isEqualTo(500))
                    .hasMessageContaining("too_many")
                    .hasMessageNotContaining("Quixote");
        } finally {
            http("PUT", "/_cluster/settings", "{\"transient\":{\"indices.query.bool.max_clause_count\":null}}");
        }
        assertThat(ids("Quixote Alonso", Set.of())).containsExactly("C-QUIXOTE");
    }

    @Test
    void aPageTheEngineWillNotServe_shouldBeARefusal() throws Exception {
        // GIVEN an index that serves fewer hits per request than a page asks for (a 4xx from the engine)
        http("PUT", "/" + INDEX + "/_settings", "{\"index\":{\"max_result_window\":5}}");
        try {
            // WHEN / THEN
            assertThatThrownBy(() -> search.run(new TextQuery(BUSINESS, "Pagesmith", Set.of(), 10, null)))
                    .isInstanceOfSatisfying(QueryRefusedException.class, refused -> assertThat(refused.status())
                            .isEqualTo(400));
        } finally {
            http("PUT", "/" + INDEX + "/_settings", "{\"index\":{\"max_result_window\":null}}");
        }
    }

    @Test
    void tooLongOrTooManyWords_shouldNeverReachTheEngine() {
        assertThatThrownBy(() -> new TextQuery(BUSINESS, "a".repeat(TextQuery.MAX_LENGTH + 1), Set.of(), 10, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TextQuery(BUSINESS, "a b c d e f g h i j k", Set.of(), 10, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new TextQuery(BUSINESS, "a b c d e f g h i j", Set.of(), 10, null).text())
                .hasSize(19);
    }

    @Test
    void anIndexNotCreatedYet_shouldFindNothing() throws IOException {
        TextSearch beforeTheIndexer = new TextSearch(client, INDEX + "-not-created-yet");
        assertThat(beforeTheIndexer
                        .run(new TextQuery(BUSINESS, "quix", Set.of(), 10, null))
                        .hits())
                .isEmpty();
    }

    private static List<String> ids(String text, Set<Entity> types) throws IOException {
        return ids(text, types, 100);
    }

    private static List<String> ids(String text, Set<Entity> types, int size) throws IOException {
        return search.run(new TextQuery(BUSINESS, text, types, size, null)).hits().stream()
                .map(TextHit::id)
                .toList();
    }

    private static SearchDocument customer(
            String business, String id, String first, String last, String email, Set<String> tags) {
        Map<String, List<String>> text = new java.util.LinkedHashMap<>();
        text.put(SearchFields.FIRST_NAME, List.of(first));
        text.put(SearchFields.LAST_NAME, List.of(last));
        if (email != null) {
            text.put(SearchFields.EMAIL, List.of(email));
        }
        if (!tags.isEmpty()) {
            text.put(SearchFields.TAGS, List.copyOf(tags));
        }
        return live(Entity.CUSTOMER, id, business, first + " " + last, text);
    }

    private static SearchDocument store(String business, String id, String name, Set<String> tags) {
        return live(
                Entity.STORE,
                id,
                business,
                name,
                Map.of(SearchFields.NAME, List.of(name), SearchFields.TAGS, List.copyOf(tags)));
    }

    private static SearchDocument order(
            String business, String id, String description, String sku, String customerName) {
        return live(
                Entity.ORDER,
                id,
                business,
                customerName,
                Map.of(
                        SearchFields.DESCRIPTION, List.of(description),
                        SearchFields.SKU, List.of(sku),
                        SearchFields.CUSTOMER_NAME, List.of(customerName),
                        SearchFields.STATUS, List.of("PLACED")));
    }

    private static SearchDocument live(
            Entity entity, String id, String business, String title, Map<String, List<String>> text) {
        return new SearchDocument(
                entity.keyName(),
                id,
                business,
                NEXT_ID.incrementAndGet(),
                false,
                Instant.parse("2026-11-20T10:00:00Z"),
                title,
                text);
    }

    private static void index(List<SearchDocument> documents) throws IOException {
        List<BulkOperation> operations = documents.stream()
                .map(document -> BulkOperation.of(op -> op.index(index -> index.index(INDEX)
                        .id(document.id())
                        .routing(document.businessId())
                        .version(document.indexVersion())
                        .versionType(VersionType.External)
                        .document(document.toMap()))))
                .toList();
        BulkResponse response = client.bulk(bulk -> bulk.operations(operations));
        assertThat(response.errors()).as("bulk errors: %s", response.items()).isFalse();
    }

    /** How many tokens the engine's own analyser makes of {@code text} on the index's text fields. */
    private static int tokens(String text) throws Exception {
        String body = "{\"analyzer\":\"folded\",\"text\":" + JSON.writeValueAsString(text) + "}";
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(endpoint.resolve("/" + INDEX + "/_analyze"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).path("tokens").size();
    }

    private static void http(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.resolve(path))
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response =
                HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode())
                .as("%s %s: %s", method, path, response.body())
                .isLessThan(300);
    }
}
