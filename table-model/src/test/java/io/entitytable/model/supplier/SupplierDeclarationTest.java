package io.entitytable.model.supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.DeclaredValues.Problem;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.SearchFields;
import io.entitytable.model.SearchText;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the supplier's declaration alone makes of its values, its item and its search text. */
class SupplierDeclarationTest {
    private static final String BUSINESS = Ids.newId();

    @Test
    void forNew_shouldNormaliseEachValueAsDeclared() {
        // WHEN
        Map<String, Object> values = DeclaredValues.forNew(
                Supplier.ENTITY, Map.of("name", "  Acme Beans ", "email", " Orders@Acme.Example"));

        // THEN trimmed, and the email lower-cased
        assertThat(values).containsExactly(Map.entry("name", "Acme Beans"), Map.entry("email", "orders@acme.example"));
    }

    @Test
    void forNew_shouldNameEveryFieldThatIsMissingOrRefused() {
        // GIVEN no name, an email too short, a code of the wrong shape
        Map<String, Object> body = new HashMap<>();
        body.put("name", null);
        body.put("email", "a");
        body.put("code", "acme");

        // WHEN / THEN
        assertThatThrownBy(() -> DeclaredValues.forNew(Supplier.ENTITY, body))
                .isInstanceOfSatisfying(DeclaredValues.Invalid.class, invalid -> assertThat(invalid.problems())
                        .containsExactly(
                                new Problem("name", "is required"),
                                new Problem("email", "must be 3 to 254 characters"),
                                new Problem("code", "must be three capitals, '-' and three digits, like ACM-001")));
    }

    @Test
    void forNew_shouldRefuseInvisibleCharactersAndTheWrongKindOfValue() {
        assertThatThrownBy(() -> DeclaredValues.forNew(Supplier.ENTITY, Map.of("name", "Acme\u202EBeans", "email", 7)))
                .isInstanceOfSatisfying(DeclaredValues.Invalid.class, invalid -> assertThat(invalid.problems())
                        .extracting(Problem::field, Problem::message)
                        .containsExactly(
                                org.assertj.core.groups.Tuple.tuple("name", Field.FREE_TEXT_MESSAGE),
                                org.assertj.core.groups.Tuple.tuple("email", "must be text")));
    }

    @Test
    void forChange_shouldRefuseAnImmutableField_andTakeTheOthers() {
        assertThatThrownBy(() -> DeclaredValues.forChange(Supplier.ENTITY, Map.of("code", "ACM-002")))
                .isInstanceOfSatisfying(DeclaredValues.Invalid.class, invalid -> assertThat(invalid.problems())
                        .containsExactly(new Problem("code", "cannot change once the supplier is created")));
        assertThat(DeclaredValues.forChange(Supplier.ENTITY, Map.of("name", "Birch")))
                .containsExactly(Map.entry("name", "Birch"));
    }

    @Test
    void unknown_shouldNameWhatIsNoField() {
        assertThat(DeclaredValues.unknown(Supplier.ENTITY, List.of("name", "colour", "id")))
                .containsExactly("colour", "id");
    }

    @Test
    void item_shouldReadBackAsItWasWritten_andBeSortedByItsName() {
        // GIVEN
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of("coffee"));

        // WHEN
        CoreItem read = CoreItem.from(supplier.toItem());
        DeclaredItem renamed = Supplier.renamed(supplier, "Birch & Co");

        // THEN
        assertThat(read).isEqualTo(supplier);
        assertThat(supplier.type()).isEqualTo("supplier#acme beans");
        assertThat(renamed.type()).isEqualTo("supplier#birch & co");
        assertThat(renamed.toItem()).containsEntry("name", io.entitytable.model.Values.s("Birch & Co"));
    }

    @Test
    void searchText_shouldComeFromTheDeclaredFields() {
        // GIVEN
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of("fair-trade", "coffee"));

        // WHEN
        SearchText text = Supplier.ENTITY.search().orElseThrow().of(supplier.toItem(), List.of());

        // THEN the title is its name; its name and email are searched, and its tags, sorted; its code is no field of
        // the search index
        assertThat(text.title()).isEqualTo("Acme Beans");
        assertThat(text.fields())
                .containsExactly(
                        Map.entry(SearchFields.NAME, List.of("Acme Beans")),
                        Map.entry(SearchFields.EMAIL, List.of("acme.beans@example.com")),
                        Map.entry(SearchFields.TAGS, List.of("coffee", "fair-trade")));
    }

    @Test
    void fields_shouldRefuseANameTheTableAlreadyGivesAMeaning() {
        assertThatThrownBy(() -> Entity.declared("widget", "widgets").fields(Field.text("version")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("widget's field version is taken");
    }
}
