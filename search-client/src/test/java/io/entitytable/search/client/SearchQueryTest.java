package io.entitytable.search.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Entity;
import io.entitytable.model.SearchDocument;
import io.entitytable.model.SearchFields;
import io.entitytable.model.SearchIndex;
import io.entitytable.search.local.SharedSearchEngine;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.generic.Requests;

/** The query against the real engine (a child JVM shared by this test JVM), on this class's own index. */
class SearchQueryTest {
    private static final String ALIAS = "q" + ProcessHandle.current().pid() + "-entities";
    private static final String B1 = "01JBUSINESS1000000000000000";
    private static final String B2 = "01JBUSINESS2000000000000000";
    private static OpenSearchClient client;

    @BeforeAll
    static void index() throws IOException {
        client = SearchClients.create(SharedSearchEngine.get().endpoint(), false);
        client.generic()
                .execute(Requests.builder()
                        .method("PUT")
                        .endpoint("/" + ALIAS + "-v1")
                        .json(SearchIndex.definitionJson())
                        .build())
                .close();
        client.indices().putAlias(a -> a.index(ALIAS + "-v1").name(ALIAS));
        List<SearchDocument> docs = new ArrayList<>();
        docs.add(doc(
                B1,
                "customer",
                "C-QUIXOTE",
                false,
                Map.of(
                        SearchFields.FIRST_NAME, List.of("José"),
                        SearchFields.LAST_NAME, List.of("Quixote"),
                        SearchFields.CITY, List.of("Paris"))));
        docs.add(doc(
                B2,
                "customer",
                "C-OTHER-BUSINESS",
                false,
                Map.of(
                        SearchFields.FIRST_NAME, List.of("José"),
                        SearchFields.LAST_NAME, List.of("Quixote"))));
        docs.add(doc(B1, "customer", "C-DELETED", true, Map.of(SearchFields.LAST_NAME, List.of("Quixote"))));
        docs.add(doc(
                B1,
                "store",
                "S-PARIS",
                false,
                Map.of(
                        SearchFields.NAME, List.of("Left Bank"),
                        SearchFields.CITY, List.of("Paris"))));
        for (int i = 0; i < 25; i++) {
            docs.add(doc(
                    B1,
                    "customer",
                    String.format("C-SMITH-%02d", i),
                    false,
                    Map.of(SearchFields.LAST_NAME, List.of("Smithson"))));
        }
        List<BulkOperation> operations = docs.stream()
                .map(d -> BulkOperation.of(op -> op.index(
                        i -> i.index(ALIAS).id(d.id()).routing(d.businessId()).document(d.toMap()))))
                .toList();
        assertThat(client.bulk(b -> b.operations(operations)).errors()).isFalse();
        client.indices().refresh(r -> r.index(ALIAS));
    }

    private static SearchDocument doc(
            String business, String type, String id, boolean deleted, Map<String, List<String>> text) {
        return new SearchDocument(type, id, business, 1, deleted, Instant.EPOCH, id, text);
    }

    private static List<String> ids(SearchQuery.Builder query) {
        return SearchPage.of(client, query.index(ALIAS).build()).hits().stream()
                .map(SearchHit::id)
                .toList();
    }

    @Test
    void text_shouldMatchFoldedWordsPrefixesAndTypos_inTheBusinessOnly() {
        assertThat(ids(SearchQuery.inBusiness(B1).text("JOSÉ"))).containsExactly("C-QUIXOTE");
        assertThat(ids(SearchQuery.inBusiness(B1).text("jose"))).containsExactly("C-QUIXOTE");
        assertThat(ids(SearchQuery.inBusiness(B1).text("quix"))).containsExactly("C-QUIXOTE");
        assertThat(ids(SearchQuery.inBusiness(B1).text("quixotte"))).containsExactly("C-QUIXOTE");
        assertThat(ids(SearchQuery.inBusiness(B2).text("quixote"))).containsExactly("C-OTHER-BUSINESS");
        assertThat(ids(SearchQuery.inBusiness(B1).text("zebra"))).isEmpty();
    }

    @Test
    void types_shouldKeepOnlyTheGivenEntities() {
        assertThat(ids(SearchQuery.inBusiness(B1).text("paris"))).containsExactlyInAnyOrder("C-QUIXOTE", "S-PARIS");
        assertThat(ids(SearchQuery.inBusiness(B1).text("paris").types(Set.of(Entity.STORE))))
                .containsExactly("S-PARIS");
    }

    @Test
    void queryLanguage_shouldBeTakenAsPlainText() {
        assertThat(ids(SearchQuery.inBusiness(B1).text("*"))).isEmpty();
        assertThat(ids(SearchQuery.inBusiness(B1).text("Smithson OR *:*"))).hasSize(20);
        assertThat(ids(SearchQuery.inBusiness(B1).text("Quixote) AND ("))).containsExactly("C-QUIXOTE");
    }

    @Test
    void pages_shouldFollowScoreThenId_withoutGapsOrRepeats() {
        // GIVEN 25 equally good matches
        List<SearchHit> all = new ArrayList<>();
        Optional<SearchQuery.SearchAfter> after = Optional.empty();
        int pages = 0;

        // WHEN
        do {
            SearchQuery.Builder query =
                    SearchQuery.inBusiness(B1).text("smithson").pageSize(10).index(ALIAS);
            after.ifPresent(query::after);
            SearchPage page = SearchPage.of(client, query.build());
            all.addAll(page.hits());
            after = page.next();
            pages++;
        } while (after.isPresent() && pages < 10);

        // THEN
        assertThat(pages).isEqualTo(3);
        assertThat(all).hasSize(25);
        assertThat(all.stream().map(SearchHit::id).distinct()).hasSize(25);
        assertThat(all)
                .isSortedAccordingTo(
                        Comparator.comparingDouble(SearchHit::score).reversed().thenComparing(SearchHit::id));
        assertThat(all.get(0).type()).isEqualTo("customer");
        assertThat(all.get(0).title()).isEqualTo(all.get(0).id());
    }

    @Test
    void build_shouldRefuseWhatTheIndexCannotAnswer() {
        assertThatThrownBy(() -> SearchQuery.inBusiness(B1).text(" ").build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> SearchQuery.inBusiness(B1).text("a".repeat(201)).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> SearchQuery.inBusiness(B1).text("x").pageSize(0).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> SearchQuery.inBusiness(B1).text("x").pageSize(101).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SearchQuery.inBusiness(B1)
                        .text("x")
                        .types(Set.of(Entity.BUSINESS))
                        .build())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
