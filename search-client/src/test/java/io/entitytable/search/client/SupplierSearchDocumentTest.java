package io.entitytable.search.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.DeclaredItem;
import io.entitytable.model.SearchFields;
import io.entitytable.model.supplier.Supplier;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The test-only supplier's search document: built from its definition alone. */
class SupplierSearchDocumentTest {
    private static final String BUSINESS = "01JBUSINESS0000000000000000";

    @Test
    void supplier_shouldBeSearchable_byTheFieldsItsDefinitionNames() {
        // GIVEN
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of("coffee"));

        // WHEN
        SearchDocument document =
                SearchDocument.of(supplier.toItem(), List.of()).orElseThrow();
        SearchDocument tombstone = SearchDocument.tombstone(supplier.toItem(), supplier.updatedAt())
                .orElseThrow();

        // THEN
        assertThat(document.type()).isEqualTo("supplier");
        assertThat(document.title()).isEqualTo("Acme Beans");
        assertThat(document.businessId()).isEqualTo(BUSINESS);
        assertThat(document.text())
                // its name, then its contacts' names by label (billing, orders)
                .containsEntry(SearchFields.NAME, List.of("Acme Beans", "Bo", "Ann Lee"))
                .containsEntry(SearchFields.EMAIL, List.of("acme.beans@example.com"))
                .containsEntry(SearchFields.TAGS, List.of("coffee"));
        assertThat(tombstone.deleted()).isTrue();
    }

    @Test
    void supplier_shouldBeSearchable_byItsDeliveriesSkus_readFromItsItemCollection() {
        // GIVEN a supplier with two deliveries, its items
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of())
                .with(Map.of("deliveries", List.of(Map.of("sku", "BEAN-1", "days", 2L), Map.of("sku", "BEAN-2"))));

        // WHEN its document is made from its image and its items, as the indexer reads them
        SearchDocument document =
                SearchDocument.of(supplier.toItem(), supplier.collectionItems()).orElseThrow();

        // THEN the search reads its collection, and finds it by each delivery's SKU
        assertThat(Supplier.ENTITY.search().orElseThrow().readsCollection()).isTrue();
        assertThat(document.text()).containsEntry(SearchFields.SKU, List.of("BEAN-1", "BEAN-2"));
    }
}
