package io.entitytable.search.indexer;

import static io.entitytable.search.indexer.StreamRecords.insert;
import static io.entitytable.search.indexer.StreamRecords.modify;
import static io.entitytable.search.indexer.StreamRecords.remove;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.SearchFields;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.VersioningProbe;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** The indexer against the real engine (a child JVM shared by this test JVM), each test on its own index. */
class SearchIndexerTest {
    private static final Instant LATER = Instant.parse("2026-05-01T00:00:00Z");

    private final EngineIndex index = new EngineIndex();
    private final Subjects subjects = new Subjects();
    private final RecordingDeadLetters deadLetters = new RecordingDeadLetters();

    private SearchIndexer indexer(CollectionItems collection) {
        return SearchIndexer.create(index.config(), collection, deadLetters);
    }

    @Test
    void insert_shouldMakeACustomerFindable_byFoldedNamePrefixAndTypo() {
        // GIVEN
        DeclaredItem customer = subjects.customer("José", "Quixote");

        // WHEN
        StreamsEventResponse response = indexer(CollectionItems.none()).process(List.of(insert(customer)));

        // THEN
        assertThat(response.getBatchItemFailures()).isEmpty();
        String b = subjects.businessId;
        assertThat(index.search(b, "jose")).containsExactly(customer.id());
        assertThat(index.search(b, "QUIX")).containsExactly(customer.id());
        assertThat(index.search(b, "quixotr")).containsExactly(customer.id());
        assertThat(index.search(b, "orleans")).containsExactly(customer.id());
        assertThat(index.search(b, "vip")).containsExactly(customer.id());
        assertThat(index.search(new Subjects().businessId, "jose")).isEmpty();
    }

    @Test
    void modifyAndRemove_shouldReplaceTheTextAndThenLeaveATombstone() {
        // GIVEN
        DeclaredItem store = subjects.store("Crème Brûlée Corner");
        DeclaredItem renamed = Subjects.renamed(store, "Tarte Tatin Corner").withVersion(2, LATER);
        SearchIndexer indexer = indexer(CollectionItems.none());
        indexer.process(List.of(insert(store)));

        // WHEN
        indexer.process(List.of(modify(store, renamed)));

        // THEN
        assertThat(index.search(subjects.businessId, "creme")).isEmpty();
        assertThat(index.search(subjects.businessId, "tatin")).containsExactly(store.id());

        // WHEN
        StreamsEventResponse response = indexer.process(List.of(remove(renamed)));

        // THEN
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.search(subjects.businessId, "tatin")).isEmpty();
        JsonNode tombstone = index.document(store.id(), subjects.businessId);
        assertThat(tombstone.path("_version").asLong()).isEqualTo(5);
        assertThat(tombstone.path("_source").path(SearchFields.DELETED).asBoolean())
                .isTrue();
    }

    @Test
    void rename_shouldKeepTheItemFindable_whicheverOrderItsRemoveAndInsertArriveIn() {
        // GIVEN a rename: the old key's REMOVE and the new key's INSERT at the next version
        DeclaredItem before = subjects.customer("Edsger", "Dijkstra");
        DeclaredItem after = before.with(Map.of(Attributes.FIRST_NAME, "Edsger", Attributes.LAST_NAME, "Wybe"))
                .withVersion(2, LATER);
        DeclaredItem store = subjects.store("Semaphore Supplies");
        DeclaredItem renamed = Subjects.renamed(store, "Mutex Market").withVersion(2, LATER);
        SearchIndexer indexer = indexer(CollectionItems.none());
        indexer.process(List.of(insert(before), insert(store)));

        // WHEN one rename arrives in stream order, the other with its INSERT first, in separate batches
        indexer.process(List.of(remove(before)));
        indexer.process(List.of(insert(after)));
        indexer.process(List.of(insert(renamed)));
        indexer.process(List.of(remove(store)));

        // THEN
        assertThat(index.search(subjects.businessId, "wybe")).containsExactly(before.id());
        assertThat(index.search(subjects.businessId, "mutex")).containsExactly(store.id());
        assertThat(index.search(subjects.businessId, "semaphore")).isEmpty();
    }

    @Test
    void order_shouldBeFoundByLineDescriptionSkuStatusAndCustomerName() {
        // GIVEN
        DeclaredItem customer = subjects.customer("Zoë", "Núñez");
        DeclaredItem order = subjects.order(customer, "SHIPPED");
        CollectionItems lines = id -> id.equals(order.id()) ? order.collectionItems() : List.of();

        // WHEN
        indexer(lines).process(List.of(insert(order)));

        // THEN
        String b = subjects.businessId;
        assertThat(index.search(b, "cafe")).containsExactly(order.id());
        assertThat(index.search(b, "sku-tea-02")).containsExactly(order.id());
        assertThat(index.search(b, "shipped")).containsExactly(order.id());
        assertThat(index.search(b, "zoe nunez")).containsExactly(order.id());
    }

    @Test
    void redeliveredAndReorderedRecords_shouldNeverReplaceANewerDocument() {
        // GIVEN three versions of one customer
        DeclaredItem v1 = subjects.customer("Ada", "Lovelace");
        DeclaredItem v2 = v1.with(Map.of(Attributes.FIRST_NAME, "Ada", Attributes.LAST_NAME, "Byron"))
                .withVersion(2, LATER);
        DeclaredItem v3 = v2.with(Map.of(Attributes.LAST_NAME, "King")).withVersion(3, LATER);
        Record r1 = insert(v1);
        Record r2 = modify(v1, v2);
        Record r3 = modify(v2, v3);
        SearchIndexer indexer = indexer(CollectionItems.none());

        // WHEN the batch arrives, then again, then reordered, then its older half alone
        List<StreamsEventResponse> responses = List.of(
                indexer.process(List.of(r1, r2, r3)),
                indexer.process(List.of(r1, r2, r3)),
                indexer.process(List.of(r3, r1, r2)),
                indexer.process(List.of(r2)),
                indexer.process(List.of(r1)));

        // THEN every delivery succeeds and the newest version stays
        assertThat(responses)
                .allSatisfy(r -> assertThat(r.getBatchItemFailures()).isEmpty());
        assertThat(index.search(subjects.businessId, "king")).containsExactly(v1.id());
        assertThat(index.search(subjects.businessId, "byron")).isEmpty();
        assertThat(index.search(subjects.businessId, "lovelace")).isEmpty();
        assertThat(index.document(v1.id(), subjects.businessId).path("_version").asLong())
                .isEqualTo(6);
    }

    @Test
    void anOldRecordAfterADelete_shouldNotBringTheItemBack_evenOnceTheEngineForgotDeletes() {
        // GIVEN a customer created, changed and deleted, on an index that forgets deletes at once
        DeclaredItem v1 = subjects.customer("Grace", "Hopper");
        DeclaredItem v2 = v1.with(Map.of(Attributes.FIRST_NAME, "Grace", Attributes.LAST_NAME, "Murray"))
                .withVersion(2, LATER);
        SearchIndexer indexer = indexer(CollectionItems.none());
        index.forgetDeletesAtOnce();
        indexer.process(List.of(insert(v1), modify(v1, v2), remove(v2)));
        index.send("POST", "/" + index.physical + "/_flush", null);

        // WHEN the older records come again (a retried batch, a replay)
        StreamsEventResponse late = indexer.process(List.of(insert(v1), modify(v1, v2)));

        // THEN
        assertThat(late.getBatchItemFailures()).isEmpty();
        assertThat(index.search(subjects.businessId, "grace")).isEmpty();
        JsonNode tombstone = index.document(v1.id(), subjects.businessId);
        assertThat(tombstone.path("_source").path(SearchFields.DELETED).asBoolean())
                .isTrue();
        assertThat(tombstone.path("_version").asLong()).isEqualTo(5);
    }

    @Test
    void aSubjectBroughtBackByAnImport_shouldBeFoundAgain_andNoRecordOfItsLifeBeforeHideIt() {
        // GIVEN a customer indexed and then deleted (its erase), leaving a tombstone at its last version
        DeclaredItem ada = subjects.customer("Ada", "Byron");
        SearchIndexer indexer = indexer(CollectionItems.none());
        indexer.process(List.of(insert(ada), remove(ada)));
        assertThat(index.search(subjects.businessId, "byron")).isEmpty();

        // WHEN an import brings it back under its id, at the version it had, marked as brought back
        Map<String, AttributeValue> broughtBack = new HashMap<>(ada.toItem());
        broughtBack.put(Attributes.RESTORED_AT, Values.n(LATER.getEpochSecond()));
        StreamsEventResponse response =
                indexer.process(List.of(StreamRecords.record(OperationType.INSERT, null, broughtBack)));

        // THEN it is found again, and the records of its life before, coming again, change nothing
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.search(subjects.businessId, "byron")).containsExactly(ada.id());
        indexer.process(List.of(insert(ada), remove(ada)));
        assertThat(index.search(subjects.businessId, "byron")).containsExactly(ada.id());

        // WHEN it is erased again
        indexer.process(List.of(StreamRecords.record(OperationType.REMOVE, broughtBack, null)));

        // THEN it is gone again
        assertThat(index.search(subjects.businessId, "byron")).isEmpty();
    }

    @Test
    void aDocumentTheMappingRefuses_shouldGoToTheDeadLetterQueue_andTheRestOfTheBatchBeIndexed() {
        // GIVEN an index whose sku field takes numbers only, and the dead-letter queue on a real SQS API
        index.createWith(io.entitytable.deployment.SearchIndex.definitionJson()
                .replaceFirst("\"sku\": \\{[^\\n]*\\n", "\"sku\": { \"type\": \"long\" },\n"));
        DeclaredItem customer = subjects.customer("Alan", "Turing");
        DeclaredItem order = subjects.order(customer, "PLACED");
        DeclaredItem store = subjects.store("Bletchley Books");
        Record orderRecord = insert(order);
        try (LocalQueue queue = new LocalQueue("search-dead-letters")) {
            SearchIndexer indexer =
                    SearchIndexer.create(index.config(), id -> order.collectionItems(), queue.deadLetters());

            // WHEN
            StreamsEventResponse response = indexer.process(List.of(insert(customer), orderRecord, insert(store)));

            // THEN
            assertThat(response.getBatchItemFailures()).isEmpty();
            assertThat(index.search(subjects.businessId, "turing")).containsExactly(customer.id());
            assertThat(index.search(subjects.businessId, "bletchley")).containsExactly(store.id());
            assertThat(queue.receive(1)).singleElement().satisfies(body -> assertThat(body)
                    .contains("\"sequenceNumber\":\"" + orderRecord.dynamodb().sequenceNumber() + "\"")
                    .contains("\"itemId\":\"" + order.id() + "\"")
                    .contains("\"entity\":\"order\"")
                    .contains("\"version\":1")
                    .contains("\"reason\":\"400 mapper_parsing_exception: failed to parse field [sku] of type [long]")
                    .doesNotContain("SKU-CAFE-01"));
        }
    }

    @Test
    void aRefusedDocument_shouldLeaveNoPersonalFieldInTheDeadLetterOrTheLogs() {
        // GIVEN an index whose firstName field takes dates only (the engine quotes a value it cannot parse), every log
        // record captured, and a customer whose every personal field is distinctive
        index.createWith(io.entitytable.deployment.SearchIndex.definitionJson()
                .replaceFirst("\"firstName\": \\{[^\\n]*\\n", "\"firstName\": { \"type\": \"date\" },\n"));
        DeclaredItem customer = subjects.customer("Dulcinea", "Toboso");
        Record record = insert(customer);
        List<String> personal = List.of(
                "Dulcinea",
                "Toboso",
                customer.text(Attributes.EMAIL).orElse(null),
                "2 Rue de l'Église",
                "Orléans",
                "toboso." + "dulcinea");
        LogCapture logs = LogCapture.start();
        try {
            // WHEN
            StreamsEventResponse response = indexer(CollectionItems.none()).process(List.of(record));

            // THEN it is dead-lettered, and neither the letter nor any log record names a personal field
            assertThat(response.getBatchItemFailures()).isEmpty();
        } finally {
            logs.stop();
        }
        assertThat(deadLetters.letters).singleElement().satisfies(letter -> {
            assertThat(letter.itemId()).isEqualTo(customer.id());
            assertThat(letter.entity()).isEqualTo("customer");
            assertThat(letter.version()).isEqualTo(1L);
            assertThat(letter.reason()).startsWith("400 mapper_parsing_exception: failed to parse field [firstName]");
            String body = letter.toJson().toLowerCase(Locale.ROOT);
            assertThat(personal).allSatisfy(value -> assertThat(body).doesNotContain(value.toLowerCase(Locale.ROOT)));
        });
        assertThat(logs.lines())
                .anyMatch(line -> line.contains("refused") && line.contains("mapper_parsing_exception"));
        assertThat(logs.lines())
                .allSatisfy(line -> assertThat(personal).allSatisfy(value -> assertThat(line.toLowerCase(Locale.ROOT))
                        .doesNotContain(value.toLowerCase(Locale.ROOT))));
    }

    @Test
    void anUnreadableRecord_shouldBeDeadLetteredWithoutItsContent() {
        // GIVEN a customer item whose sort key (its name) names no entity: the image cannot be read
        DeclaredItem customer = subjects.customer("Dulcinea", "Toboso");
        Map<String, AttributeValue> image = new HashMap<>(customer.toItem());
        image.put(Attributes.TYPE, Values.s("customr#toboso.dulcinea"));

        // WHEN
        indexer(CollectionItems.none()).process(List.of(StreamRecords.record(OperationType.INSERT, null, image)));

        // THEN
        assertThat(deadLetters.letters).singleElement().satisfies(letter -> {
            assertThat(letter.itemId()).isEqualTo(customer.id());
            assertThat(letter.entity()).isNull();
            assertThat(letter.reason()).startsWith("unreadable record: ");
            assertThat(letter.toJson().toLowerCase(Locale.ROOT)).doesNotContain("toboso", "dulcinea");
        });
    }

    @Test
    void anUnreadableRecord_shouldBeDeadLettered_andTheRestOfTheBatchIndexed() {
        // GIVEN a core item of no known entity
        Map<String, AttributeValue> bogus = new HashMap<>();
        bogus.put(Attributes.ID, Values.s("01JBOGUS000000000000000000"));
        bogus.put(Attributes.TYPE, Values.s("gadget#1"));
        bogus.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        DeclaredItem customer = subjects.customer("Katherine", "Johnson");

        // WHEN
        StreamsEventResponse response = indexer(CollectionItems.none())
                .process(List.of(StreamRecords.record(OperationType.INSERT, null, bogus), insert(customer)));

        // THEN
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.search(subjects.businessId, "katherine")).containsExactly(customer.id());
        assertThat(deadLetters.letters).singleElement().satisfies(letter -> assertThat(letter.reason())
                .startsWith("unreadable record"));
    }

    @Test
    void engineDown_shouldReportTheFirstRecordOfTheBatch() {
        // GIVEN an indexer whose engine does not answer
        IndexerConfig down = new IndexerConfig(
                java.net.URI.create("http://127.0.0.1:" + freePort()),
                false,
                new io.entitytable.deployment.SearchIndexNames("nowhere"),
                index.config().tableName(),
                null,
                new io.entitytable.model.access.RetryPolicy(
                        2, java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(5)),
                java.time.Duration.ZERO,
                IndexerConfig.DEFAULT_COLLECTION_READS);
        SearchIndexer indexer = new SearchIndexer(
                SearchClients.create(down.endpoint(), down.signing()), down, CollectionItems.none(), deadLetters);
        Record first = insert(subjects.customer("Mary", "Jackson"));

        // WHEN
        StreamsEventResponse response = indexer.process(List.of(first, insert(subjects.store("Langley Labs"))));

        // THEN
        assertThat(response.getBatchItemFailures()).singleElement().satisfies(failure -> assertThat(
                        failure.getItemIdentifier())
                .isEqualTo(first.dynamodb().sequenceNumber()));
        assertThat(deadLetters.letters).isEmpty();
    }

    @Test
    void unreadableCollectionItems_shouldReportThatRecord_andIndexTheOthers() {
        // GIVEN
        DeclaredItem customer = subjects.customer("Dorothy", "Vaughan");
        DeclaredItem order = subjects.order(customer, "PLACED");
        Record orderRecord = insert(order);
        CollectionItems throttled = id -> {
            throw new IllegalStateException("throttled");
        };

        // WHEN
        StreamsEventResponse response = indexer(throttled).process(List.of(insert(customer), orderRecord));

        // THEN
        assertThat(response.getBatchItemFailures()).singleElement().satisfies(failure -> assertThat(
                        failure.getItemIdentifier())
                .isEqualTo(orderRecord.dynamodb().sequenceNumber()));
        assertThat(index.search(subjects.businessId, "dorothy")).containsExactly(customer.id());
        assertThat(deadLetters.letters).isEmpty();
    }

    @Test
    void aBatchOfOrders_shouldReadTheirLinesSeveralAtOnce_neverMoreThanConfigured() {
        // GIVEN twelve orders whose lines take a while to read, and an indexer that reads four collections at once
        DeclaredItem customer = subjects.customer("Katherine", "Johnson");
        List<DeclaredItem> orders = IntStream.range(0, 12)
                .mapToObj(i -> subjects.order(customer, "PLACED"))
                .toList();
        SlowCollectionItems slow = new SlowCollectionItems(linesOf(orders), 4, Duration.ofMillis(10));
        SearchIndexer indexer = SearchIndexer.create(index.config().withCollectionReads(4), slow, deadLetters);

        // WHEN
        StreamsEventResponse response =
                indexer.process(orders.stream().map(StreamRecords::insert).toList());

        // THEN
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(slow.mostAtOnce()).isGreaterThan(1).isLessThanOrEqualTo(4);
        assertThat(index.search(subjects.businessId, "sku-tea-02"))
                .containsExactlyInAnyOrderElementsOf(
                        orders.stream().map(DeclaredItem::id).toList());
    }

    @Test
    void failedLineReadsOfTwoOrders_shouldReportTheEarlierOnesFirstRecord_whicheverReadFailsFirst() {
        // GIVEN five orders, a customer, and a later record of the second order; the lines of the second and fourth
        // orders cannot be read, and the second's read fails only after the fourth's has
        DeclaredItem customer = subjects.customer("Dorothy", "Vaughan");
        List<DeclaredItem> orders = IntStream.range(0, 5)
                .mapToObj(i -> subjects.order(customer, "PLACED"))
                .toList();
        DeclaredItem second = orders.get(1);
        DeclaredItem fourth = orders.get(3);
        CountDownLatch fourthFailed = new CountDownLatch(1);
        CollectionItems lines = id -> {
            if (id.equals(fourth.id())) {
                fourthFailed.countDown();
                throw new IllegalStateException("throttled");
            }
            if (id.equals(second.id())) {
                awaitQuietly(fourthFailed);
                throw new IllegalStateException("throttled");
            }
            return linesOf(orders).apply(id);
        };
        List<Record> batch = new ArrayList<>();
        batch.add(insert(customer));
        orders.forEach(order -> batch.add(insert(order)));
        batch.add(
                modify(second, second.with(Map.of(Attributes.STATUS, "SHIPPED")).withVersion(2, LATER)));

        // WHEN
        StreamsEventResponse response = indexer(lines).process(batch);

        // THEN the second order's first record is reported, and the others are indexed
        assertThat(response.getBatchItemFailures()).singleElement().satisfies(failure -> assertThat(
                        failure.getItemIdentifier())
                .isEqualTo(batch.get(2).dynamodb().sequenceNumber()));
        assertThat(index.search(subjects.businessId, "sku-tea-02"))
                .containsExactlyInAnyOrder(
                        orders.get(0).id(), orders.get(2).id(), orders.get(4).id());
        assertThat(index.search(subjects.businessId, "dorothy")).contains(customer.id());
        assertThat(deadLetters.letters).isEmpty();
    }

    private static java.util.function.Function<String, List<Map<String, AttributeValue>>> linesOf(
            List<DeclaredItem> orders) {
        return id -> orders.stream()
                .filter(order -> order.id().equals(id))
                .findFirst()
                .map(order -> order.collectionItems())
                .orElse(List.of());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void start_shouldCreateTheIndexAndAlias_once() {
        // WHEN two indexers start on the same names
        indexer(CollectionItems.none());
        indexer(CollectionItems.none());

        // THEN
        assertThat(index.send("GET", "/_alias/" + index.alias, null).body()).contains(index.physical);
        // each start checked external versions with a probe that no search finds
        JsonNode probe = index.document(VersioningProbe.PROBE_ID, VersioningProbe.PROBE_BUSINESS);
        assertThat(probe.path("_source").path(SearchFields.DELETED).asBoolean()).isTrue();
        assertThat(index.search(VersioningProbe.PROBE_BUSINESS, "probe")).isEmpty();
    }

    @Test
    void start_afterARebuildMovedTheAlias_shouldLeaveTheAliasAlone_andNotRecreateTheFirstIndex() {
        // GIVEN the alias moved to a second generation and the first index deleted, as a rebuild leaves them
        indexer(CollectionItems.none());
        String second = new io.entitytable.deployment.SearchIndexNames(index.alias).physical(1, 2);
        index.send("PUT", "/" + second, io.entitytable.deployment.SearchIndex.definitionJson());
        index.send(
                "POST",
                "/_aliases",
                "{\"actions\":[{\"remove\":{\"index\":\"" + index.physical + "\",\"alias\":\"" + index.alias
                        + "\"}},{\"add\":{\"index\":\"" + second + "\",\"alias\":\"" + index.alias + "\"}}]}");
        index.send("DELETE", "/" + index.physical, null);
        DeclaredItem customer = subjects.customer("Grace", "Hopper");

        // WHEN an indexer starts again and indexes
        StreamsEventResponse response = indexer(CollectionItems.none()).process(List.of(insert(customer)));

        // THEN
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(index.send("HEAD", "/" + index.physical, null).statusCode()).isEqualTo(404);
        assertThat(index.send("GET", "/_alias/" + index.alias, null).body()).contains(second);
        assertThat(index.search(subjects.businessId, "hopper")).containsExactly(customer.id());
    }

    @Test
    void whileTheNextAliasExists_shouldWriteEveryDocumentThroughBothAliases_andOnlyTheLiveOneAfter() {
        // GIVEN a rebuild's next index behind the next alias
        io.entitytable.deployment.SearchIndexNames names = new io.entitytable.deployment.SearchIndexNames(index.alias);
        SearchIndexer indexer = SearchIndexer.create(
                index.config().withNextAliasRecheck(java.time.Duration.ZERO), CollectionItems.none(), deadLetters);
        String next = names.physical(1, 2);
        index.send("PUT", "/" + next, io.entitytable.deployment.SearchIndex.definitionJson());
        index.send("PUT", "/" + next + "/_alias/" + names.nextAlias(), null);
        DeclaredItem ada = subjects.customer("Ada", "Lovelace");

        // WHEN a customer is created, then the next alias goes (the rebuild gave up) and another one is
        StreamsEventResponse both = indexer.process(List.of(insert(ada)));
        index.send("DELETE", "/" + next + "/_alias/" + names.nextAlias(), null);
        DeclaredItem edsger = subjects.customer("Edsger", "Dijkstra");
        StreamsEventResponse liveOnly = indexer.process(List.of(insert(edsger)));

        // THEN the first is in both indexes, the second only in the live one, and no index was made by a write
        assertThat(both.getBatchItemFailures()).isEmpty();
        assertThat(liveOnly.getBatchItemFailures()).isEmpty();
        assertThat(index.document(ada.id(), subjects.businessId)).isNotNull();
        assertThat(docIn(next, ada.id())).isTrue();
        assertThat(index.document(edsger.id(), subjects.businessId)).isNotNull();
        assertThat(docIn(next, edsger.id())).isFalse();
        assertThat(index.send("HEAD", "/" + names.nextAlias(), null).statusCode())
                .isEqualTo(404);
    }

    private boolean docIn(String physical, String id) {
        return index.send("GET", "/" + physical + "/_doc/" + id + "?routing=" + subjects.businessId, null)
                .body()
                .contains("\"found\":true");
    }

    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
