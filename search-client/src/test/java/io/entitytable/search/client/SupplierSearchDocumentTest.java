package io.entitytable.search.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.DeclaredItem;
import io.entitytable.model.SearchFields;
import io.entitytable.model.supplier.Supplier;
import java.util.List;
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
}
