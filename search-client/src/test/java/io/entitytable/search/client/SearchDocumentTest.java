package io.entitytable.search.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.SearchFields;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class SearchDocumentTest {
    private static final Instant CREATED = SampleSubjects.CREATED;
    private static final Instant UPDATED = SampleSubjects.UPDATED;
    private static final String BUSINESS = SampleSubjects.BUSINESS;

    @Test
    void customer_shouldBeFoundByNamesEmailAddressesAndTags_withAccentsAndCaseKept() {
        // WHEN
        SearchDocument doc =
                SearchDocument.of(SampleSubjects.customer().toItem(), List.of()).orElseThrow();

        // THEN
        assertThat(doc.type()).isEqualTo("customer");
        assertThat(doc.id()).isEqualTo("01JCUSTOMER0000000000000000");
        assertThat(doc.businessId()).isEqualTo(BUSINESS);
        assertThat(doc.version()).isEqualTo(7);
        assertThat(doc.deleted()).isFalse();
        assertThat(doc.changedAt()).isEqualTo(UPDATED);
        assertThat(doc.title()).isEqualTo("José DE LA Quixote");
        assertThat(doc.text())
                .containsEntry(SearchFields.FIRST_NAME, List.of("José"))
                .containsEntry(SearchFields.LAST_NAME, List.of("DE LA Quixote"))
                .containsEntry(SearchFields.EMAIL, List.of("Jose.Q@Example.com"))
                // label order: home, then work
                .containsEntry(SearchFields.STREET, List.of("2 Rue de l'Église", "1 Calle Mayor"))
                .containsEntry(SearchFields.CITY, List.of("Orléans", "Málaga"))
                .containsEntry(SearchFields.TAGS, List.of("Early-Bird", "vip"))
                .doesNotContainKeys(SearchFields.NAME, SearchFields.SKU, SearchFields.STATUS);
    }

    @Test
    void store_shouldBeFoundByNameAddressAndTags() {
        // WHEN
        SearchDocument doc =
                SearchDocument.of(SampleSubjects.store().toItem(), List.of()).orElseThrow();

        // THEN
        assertThat(doc.type()).isEqualTo("store");
        assertThat(doc.version()).isEqualTo(3);
        assertThat(doc.title()).isEqualTo("Crème Brûlée Corner");
        assertThat(doc.text())
                .containsEntry(SearchFields.NAME, List.of("Crème Brûlée Corner"))
                .containsEntry(SearchFields.STREET, List.of("10 Champs-Élysées"))
                .containsEntry(SearchFields.CITY, List.of("Paris"))
                .containsEntry(SearchFields.TAGS, List.of("flagship"))
                .doesNotContainKeys(SearchFields.FIRST_NAME, SearchFields.EMAIL);
    }

    @Test
    void order_shouldBeFoundByItsLinesStatusCustomerNameAndTags() {
        // WHEN
        SearchDocument doc = SearchDocument.of(SampleSubjects.order().toItem(), SampleSubjects.lineItems())
                .orElseThrow();

        // THEN
        assertThat(doc.type()).isEqualTo("order");
        assertThat(doc.version()).isEqualTo(4);
        assertThat(doc.title()).isEqualTo("Zoë Núñez · SHIPPED");
        assertThat(doc.text())
                .containsEntry(SearchFields.DESCRIPTION, List.of("Café au lait Mug", "Green TEA"))
                .containsEntry(SearchFields.SKU, List.of("SKU-Café-01", "sku-tea-02"))
                .containsEntry(SearchFields.STATUS, List.of("SHIPPED"))
                .containsEntry(SearchFields.CUSTOMER_NAME, List.of("Zoë Núñez"))
                .containsEntry(SearchFields.TAGS, List.of("gift"))
                // the ship-to address is a snapshot, not what an order is searched by
                .doesNotContainKeys(SearchFields.STREET, SearchFields.CITY);
    }

    @Test
    void order_shouldBeIndexedWithoutLines_whenNoneAreGiven() {
        SearchDocument doc =
                SearchDocument.of(SampleSubjects.order().toItem(), null).orElseThrow();

        assertThat(doc.text()).doesNotContainKeys(SearchFields.DESCRIPTION, SearchFields.SKU);
        assertThat(doc.text()).containsKey(SearchFields.CUSTOMER_NAME);
    }

    @Test
    void business_shouldNotBeIndexed() {
        // GIVEN
        DeclaredItem business = Entity.BUSINESS.read(Map.of(
                Attributes.ID, Values.s(BUSINESS),
                Attributes.TYPE, Values.s(Keys.BUSINESS_TYPE),
                Attributes.KIND, Values.s(ItemKind.CORE.value()),
                Attributes.NAME, Values.s("Acme"),
                Attributes.VERSION, Values.n(1),
                Attributes.CREATED_AT, Values.instant(CREATED),
                Attributes.UPDATED_AT, Values.instant(UPDATED)));

        // WHEN / THEN
        assertThat(SearchDocument.of(business.toItem(), List.of())).isEmpty();
        assertThat(SearchDocument.tombstone(business.toItem(), UPDATED)).isEmpty();
        assertThat(Entity.BUSINESS.isSearchable()).isFalse();
    }

    @Test
    void tombstone_shouldSitBetweenItsLastVersionAndTheNext_withoutText() {
        // GIVEN
        Instant deletedAt = Instant.parse("2026-03-01T00:00:00Z");

        // WHEN
        SearchDocument tombstone = SearchDocument.tombstone(
                        SampleSubjects.customer().toItem(), deletedAt)
                .orElseThrow();

        // THEN
        assertThat(tombstone.deleted()).isTrue();
        assertThat(tombstone.version()).isEqualTo(7);
        SearchDocument last =
                SearchDocument.of(SampleSubjects.customer().toItem(), List.of()).orElseThrow();
        SearchDocument next = SearchDocument.of(
                        SampleSubjects.customer().withVersion(8, deletedAt).toItem(), List.of())
                .orElseThrow();
        assertThat(tombstone.indexVersion()).isGreaterThan(last.indexVersion()).isLessThan(next.indexVersion());
        assertThat(tombstone.changedAt()).isEqualTo(deletedAt);
        assertThat(tombstone.businessId()).isEqualTo(BUSINESS);
        assertThat(tombstone.text()).isEmpty();
        assertThat(tombstone.toMap())
                .containsEntry(SearchFields.DELETED, true)
                .doesNotContainKeys(SearchFields.TITLE, SearchFields.FIRST_NAME);
    }

    @Test
    void subjectBroughtBack_shouldOutrankEveryVersionOfItsLifeBefore_atTheVersionItHad() {
        // GIVEN a customer at version 7, its tombstone after a delete, and the same item brought back by an import
        Map<String, AttributeValue> before = SampleSubjects.customer().toItem();
        Map<String, AttributeValue> broughtBack = new HashMap<>(before);
        broughtBack.put(
                Attributes.RESTORED_AT,
                Values.n(Instant.parse("2026-11-27T01:00:00Z").getEpochSecond()));
        Map<String, AttributeValue> changedAfter =
                new HashMap<>(SampleSubjects.customer().withVersion(8, UPDATED).toItem());
        changedAfter.put(Attributes.RESTORED_AT, broughtBack.get(Attributes.RESTORED_AT));

        // WHEN
        SearchDocument tombstone = SearchDocument.tombstone(before, UPDATED).orElseThrow();
        SearchDocument lateOfTheLifeBefore =
                SearchDocument.of(before, List.of()).orElseThrow();
        SearchDocument restored = SearchDocument.of(broughtBack, List.of()).orElseThrow();
        SearchDocument restoredTombstone =
                SearchDocument.tombstone(broughtBack, UPDATED).orElseThrow();
        SearchDocument next = SearchDocument.of(changedAfter, List.of()).orElseThrow();

        // THEN the life before keeps its versions; the new life sits above all of them, in its own order
        assertThat(SearchDocument.searchVersion(before)).isEqualTo(7);
        assertThat(restored.indexVersion())
                .isGreaterThan(tombstone.indexVersion())
                .isGreaterThan(lateOfTheLifeBefore.indexVersion());
        assertThat(restoredTombstone.indexVersion()).isGreaterThan(restored.indexVersion());
        assertThat(next.indexVersion()).isGreaterThan(restoredTombstone.indexVersion());
        // and a tombstone of a subject brought back in 2106 still fits the engine's versions (a long)
        Map<String, AttributeValue> last = new HashMap<>(before);
        last.put(Attributes.RESTORED_AT, Values.n((1L << 32) - 1));
        last.put(Attributes.VERSION, Values.n(SearchDocument.VERSIONS_PER_LIFE - 1));
        assertThat(SearchDocument.tombstone(last, UPDATED).orElseThrow().indexVersion())
                .isPositive();
    }

    @Test
    void toMap_shouldHoldOnlyMappedFields_singleValuesAsStrings() {
        // GIVEN
        SearchDocument doc = SearchDocument.of(SampleSubjects.order().toItem(), SampleSubjects.lineItems())
                .orElseThrow();

        // WHEN
        Map<String, Object> map = doc.toMap();

        // THEN
        assertThat(map)
                .containsEntry(SearchFields.TYPE, "order")
                .containsEntry(SearchFields.VERSION, 4L)
                .containsEntry(SearchFields.DELETED, false)
                .containsEntry(SearchFields.CHANGED_AT, "2026-02-03T04:05:06.789Z")
                .containsEntry(SearchFields.STATUS, "SHIPPED")
                .containsEntry(SearchFields.SKU, List.of("SKU-Café-01", "sku-tea-02"));
        assertThat(SearchIndex.definitionJson())
                .contains(
                        map.keySet().stream().map(field -> "\"" + field + "\"").toList());
        assertThat(doc.toJson()).contains("\"customerName\":\"Zoë Núñez\"");
    }
}
