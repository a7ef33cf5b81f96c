package io.entitytable.model.supplier;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The test-only supplier through the table model: keys, reading, copies and tombstone rule. */
class SupplierModelTest {
    private static final String BUSINESS = "01JBUSINESS0000000000000000";

    @Test
    void supplier_shouldReadBackAndParseItsKeys_fromItsDefinitionAlone() {
        // GIVEN
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of("coffee"));

        // WHEN
        CoreItem read = CoreItem.from(supplier.toItem());

        // THEN
        assertThat(read).isEqualTo(supplier);
        assertThat(CoreItem.entityOf(supplier.toItem())).isSameAs(Supplier.ENTITY);
        assertThat(Keys.parseSubjectRef(Keys.subjectRef(Supplier.ENTITY, supplier.id())))
                .contains(new Keys.SubjectRef(Supplier.ENTITY, supplier.id()));
        assertThat(Entity.fromCollection("suppliers")).contains(Supplier.ENTITY);
        assertThat(Supplier.ENTITY.coreSortKeyPrefix()).isEqualTo("supplier#");
        assertThat(supplier.type()).startsWith(Supplier.ENTITY.coreSortKeyPrefix());
    }

    @Test
    void supplier_shouldLeaveATombstoneAndOwnNoEdges_becauseItsSortKeyCarriesItsName() {
        // THEN
        assertThat(Supplier.ENTITY.leavesTombstone()).isTrue();
        assertThat(Supplier.ENTITY.isTenant()).isFalse();
        assertThat(Supplier.ENTITY.hasEdges()).isFalse();
        // AND it is indexed in businessGsi, and in gsi1 for its list by its depot's city and zip
        assertThat(Supplier.ENTITY.indexAttributes())
                .containsExactly(Attributes.BUSINESS_SHARD, Attributes.GSI1_PK, Attributes.GSI1_SK);
    }

    @Test
    void supplier_shouldImplyOneTagCopyPerTag_carryingNoIndexAttribute() {
        // GIVEN
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of("coffee", "fair-trade"));
        String self = Keys.subjectRef(Supplier.ENTITY, supplier.id());

        // WHEN
        Set<Duplicate> implied = RelationshipCatalogue.impliedBy(supplier.toItem());

        // THEN
        assertThat(implied)
                .containsExactlyInAnyOrder(
                        new Duplicate(Keys.tagPartition(BUSINESS, "coffee"), self, ItemKind.TAG),
                        new Duplicate(Keys.tagPartition(BUSINESS, "fair-trade"), self, ItemKind.TAG));
        Map<String, AttributeValue> copy =
                RelationshipCatalogue.copyItem(implied.iterator().next(), supplier.toItem());
        assertThat(copy)
                .doesNotContainKeys(TableLayout.ENTITY.coreIndexAttributes().toArray(String[]::new));
        assertThat(copy.get(Attributes.NAME)).isEqualTo(Values.s("Acme Beans"));
    }
}
