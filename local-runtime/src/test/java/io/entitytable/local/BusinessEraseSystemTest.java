package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.DriftCheck;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.SearchFields;
import io.entitytable.model.Values;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A business erased on the whole local system ({@code DELETE /businesses/{id}?cascade=true}): the API marks it, the
 * fan-out starts the job, the packaged refresh worker works it from the local queue, the fan-out deletes the copies
 * and the indexer the search documents. Another business with the same names, linked and tagged the same way, is
 * untouched: its items, its API reads and its search results are what they were.
 */
@ExtendWith(SearchSystem.class)
class BusinessEraseSystemTest {
    private static final Duration WITHIN = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void erase_shouldLeaveNoItemNorDocumentOfTheBusiness_butTombstones_andTheOtherBusinessAsItWas(LocalSystem system)
            throws Exception {
        // What an earlier test of the JVM set going has ended: every item not of the erased business is judged.
        SearchSystem.awaitSettled(system);
        FrontDoorClient api = FrontDoorClient.operatorOf(system);
        DynamoDbClient dynamo = system.dynamoDb().client();
        // GIVEN two businesses of the same shape and names: stores, customers linking them, an order, tags
        Tenant acme = Tenant.write(api, "Acme");
        Tenant beta = Tenant.write(api, "Beta");
        // (Ann and Bob Quill, and Ann's order, which names her)
        assertThat(await(() -> api.search(acme.id, "quill"), hits -> hits.size() == 3))
                .containsExactlyInAnyOrder(acme.customers.get(0), acme.customers.get(1), acme.order);
        assertThat(await(() -> api.search(beta.id, "quill"), hits -> hits.size() == 3))
                .hasSize(3);
        assertThat(await(() -> api.search(beta.id, "pens"), hits -> hits.size() == 1))
                .hasSize(1);
        DriftCheck settled = DuplicateDrift.awaitNone(dynamo, "Entity", WITHIN);
        assertThat(settled.clean()).as(settled.toString()).isTrue();
        Map<String, Object> betaReads = beta.reads(api);
        Map<String, Map<String, AttributeValue>> betaItems = itemsNotOf(dynamo, acme);

        // WHEN a member of the business asks, and when an operator asks for an unknown business
        FrontDoorClient member =
                new FrontDoorClient(system.apiPort(), system.issuer().businessToken(List.of(acme.id)));
        // THEN 404, as if it did not exist
        assertThat(member.status("DELETE", "/businesses/" + acme.id + "?cascade=true"))
                .isEqualTo(404);
        assertThat(api.status("DELETE", "/businesses/01M00000000000000000000000?cascade=true"))
                .isEqualTo(404);

        // WHEN an operator erases it
        JsonNode accepted = api.eraseBusiness(acme.id);
        assertThat(accepted.get("status").asText()).isEqualTo("running");

        // THEN its job ends done, the copies and documents follow
        JsonNode job = awaitJob(api, acme.id);
        assertThat(job.get("status").asText()).as(job.toString()).isEqualTo("done");
        assertThat(job.get("itemsDeleted").asLong()).as(job.toString()).isGreaterThanOrEqualTo(2 + 2 + 2 + 1);
        DriftCheck afterErase = DuplicateDrift.awaitNone(dynamo, "Entity", WITHIN);
        assertThat(afterErase.clean()).as(afterErase.toString()).isTrue();
        List<JsonNode> documents = await(() -> documentsOf(system, acme.id), docs -> docs.stream()
                .allMatch(BusinessEraseSystemTest::isTombstone));

        // THEN no item of it is left but tombstones (key, kind, version) and the erase's record, and no document
        // of it but tombstones (identity and version, no text)
        Map<String, Map<String, AttributeValue>> left = new LinkedHashMap<>(scan(dynamo));
        left.keySet().removeAll(betaItems.keySet());
        assertThat(left.values()).as("what is left of Acme").allSatisfy(item -> assertThat(
                        Values.string(item, Attributes.KIND))
                .isIn(ItemKind.TOMBSTONE.value(), ItemKind.ERASE.value()));
        left.values().stream()
                .filter(item -> ItemKind.TOMBSTONE.value().equals(Values.string(item, Attributes.KIND)))
                .forEach(item -> assertThat(item.keySet())
                        .containsExactlyInAnyOrder(
                                Attributes.ID, Attributes.TYPE, Attributes.KIND, Attributes.VERSION));
        assertThat(documents).isNotEmpty().allMatch(BusinessEraseSystemTest::isTombstone);
        assertThat(api.status("GET", "/businesses/" + acme.id)).isEqualTo(404);

        // THEN the other business is item for item, read for read and hit for hit what it was
        assertThat(itemsNotOf(dynamo, acme)).isEqualTo(betaItems);
        assertThat(beta.reads(api)).isEqualTo(betaReads);
    }

    /** The subjects of one business, written through the API. */
    private record Tenant(String id, List<String> stores, List<String> customers, String order) {
        static Tenant write(FrontDoorClient api, String name) {
            String business = api.createBusiness(name);
            String main = api.createStore(business, name + " Main", "Austin");
            String north = api.createStore(business, name + " North", "Dallas");
            String ann = api.createCustomerWithHome(business, "Ann", "Quill");
            String bob = api.createCustomerWithHome(business, "Bob", "Quill");
            api.link(ann, main);
            api.link(ann, north);
            api.link(bob, main);
            api.tag(Entity.CUSTOMER, ann, "vip");
            api.tag(Entity.STORE, main, "flagship");
            api.tag(Entity.BUSINESS, business, "wholesale");
            String order = api.createOrder(ann, "PEN-1", "Blue pens");
            api.tag(Entity.ORDER, order, "rush");
            return new Tenant(business, List.of(main, north), List.of(ann, bob), order);
        }

        /** What the API answers about the business: its items, links both ways, tagged lists, searches. */
        Map<String, Object> reads(FrontDoorClient api) {
            Map<String, Object> reads = new LinkedHashMap<>();
            reads.put("items", api.businessItems(id).toString());
            for (String customer : customers) {
                reads.put("stores of " + customer, api.storesOf(customer).toString());
            }
            for (String store : stores) {
                reads.put("customers of " + store, api.customersOf(store).toString());
            }
            for (String tag : List.of("vip", "flagship", "rush")) {
                reads.put("tagged " + tag, api.tagged(id, tag));
            }
            reads.put("search quill", Set.copyOf(api.search(id, "quill")));
            reads.put("search pens", Set.copyOf(api.search(id, "pens")));
            reads.put("order", api.get(Entity.ORDER, order).toString());
            return reads;
        }
    }

    private static JsonNode awaitJob(FrontDoorClient api, String businessId) throws InterruptedException {
        return await(() -> api.businessJob(businessId), job -> !"running"
                .equals(job.get("status").asText()));
    }

    /** The search engine's documents of the business, live or tombstones, read from the engine itself. */
    private static List<JsonNode> documentsOf(LocalSystem system, String businessId) {
        URI uri = system.searchEngine()
                .endpoint()
                .resolve(
                        "/" + SearchIndex.ALIAS + "/_search?size=100&q=" + SearchFields.BUSINESS_ID + ":" + businessId);
        try {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            List<JsonNode> documents = new ArrayList<>();
            JSON.readTree(response.body()).get("hits").get("hits").forEach(hit -> documents.add(hit.get("_source")));
            return documents;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isTombstone(JsonNode document) {
        return document.get(SearchFields.DELETED).asBoolean()
                && !document.has(SearchFields.TITLE)
                && SearchFields.TEXT.stream().noneMatch(document::has);
    }

    /** Every item but those of {@code tenant} (any that names it or one of its subjects), by key. */
    private static Map<String, Map<String, AttributeValue>> itemsNotOf(DynamoDbClient dynamo, Tenant tenant) {
        List<String> ids = new ArrayList<>(List.of(tenant.id, tenant.order));
        ids.addAll(tenant.stores);
        ids.addAll(tenant.customers);
        Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>(scan(dynamo));
        items.values().removeIf(item -> item.values().stream()
                .map(value -> value.s() != null ? value.s() : String.valueOf(value.ss()))
                .anyMatch(text -> ids.stream().anyMatch(text::contains)));
        return items;
    }

    /**
     * TEST ONLY: the whole (small) table, without the request id each write stamps (it names the write) and without
     * the request limits' items, which every request rewrites (each expires a minute after its second).
     */
    private static Map<String, Map<String, AttributeValue>> scan(DynamoDbClient dynamo) {
        Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();
        dynamo.scanPaginator(request -> request.tableName("Entity").consistentRead(true)).items().stream()
                .filter(item -> !ItemKind.RATE.value().equals(Values.string(item, Attributes.KIND)))
                .forEach(item -> {
                    Map<String, AttributeValue> kept = new LinkedHashMap<>(item);
                    kept.remove(Attributes.CORRELATION_ID);
                    items.put(Values.string(item, Attributes.ID) + " / " + Values.string(item, Attributes.TYPE), kept);
                });
        return items;
    }

    private static <T> T await(Supplier<T> call, Predicate<T> done) throws InterruptedException {
        Instant deadline = Instant.now().plus(WITHIN);
        T value = call.get();
        while (!done.test(value) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            value = call.get();
        }
        return value;
    }
}
