package io.entitytable.model.supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.DeclaredValues.Problem;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.SearchFields;
import io.entitytable.model.SearchText;
import io.entitytable.model.Values;
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
    void forNew_shouldNormaliseAnObjectMemberByMember_inTheOrderOfDeclaration() {
        // WHEN a depot with its city padded, its dock as JSON reads a small number, and no zip
        Map<String, Object> values = DeclaredValues.forNew(
                Supplier.ENTITY, Map.of("name", "Acme", "depot", Map.of("dock", 7, "city", " Lyon ")));

        // THEN
        assertThat(values.get("depot")).isEqualTo(Map.of("city", "Lyon", "dock", 7L));
        assertThat(List.copyOf(((Map<?, ?>) values.get("depot")).keySet())).isEqualTo(List.of("city", "dock"));
    }

    @Test
    void forNew_shouldNameTheMemberOfAnObjectThatIsMissingOrRefused() {
        // GIVEN depots without their required city, with a member it does not declare, with a dock out of bounds, and
        // one that is no object
        List<Object> depots = List.of(
                Map.of("zip", "69001"),
                Map.of("city", "Lyon", "floor", "2"),
                Map.of("city", "Lyon", "dock", 100),
                "Lyon");

        // WHEN / THEN
        List<String> told = depots.stream()
                .map(depot -> {
                    try {
                        DeclaredValues.forNew(Supplier.ENTITY, Map.of("name", "Acme", "depot", depot));
                        return "taken";
                    } catch (DeclaredValues.Invalid invalid) {
                        assertThat(invalid.problems())
                                .singleElement()
                                .extracting(Problem::field)
                                .isEqualTo("depot");
                        return invalid.problems().get(0).message();
                    }
                })
                .toList();
        assertThat(told)
                .containsExactly(
                        "city: is required",
                        "has no field 'floor'",
                        "dock: must be between 1 and 99",
                        "must be an object");
    }

    @Test
    void forNew_shouldTakeValuesByLabel_inLabelOrder_andNameTheLabelOrValueRefused() {
        // WHEN contacts by label, given out of order, each judged as the contact object it is
        Map<String, Object> values = DeclaredValues.forNew(
                Supplier.ENTITY,
                Map.of(
                        "name",
                        "Acme",
                        "contacts",
                        Map.of("orders", Map.of("name", " Ann "), "billing", Map.of("name", "Bo", "phone", "123"))));

        // THEN in label order, each normalised
        assertThat(List.copyOf(((Map<?, ?>) values.get("contacts")).keySet())).isEqualTo(List.of("billing", "orders"));
        assertThat(((Map<?, ?>) values.get("contacts")).get("orders")).isEqualTo(Map.of("name", "Ann"));
        // AND a label of another shape, a value its object refuses, and too many labels are named
        Map<String, Object> many = new java.util.TreeMap<>();
        for (int i = 0; i <= Field.DEFAULT_MAX_LABELS; i++) {
            many.put("l" + i, Map.of("name", "x"));
        }
        List<Object> refused =
                List.of(Map.of("Orders", Map.of("name", "Ann")), Map.of("orders", Map.of("phone", "123")), many, "Ann");
        List<String> told = refused.stream()
                .map(contacts -> {
                    try {
                        DeclaredValues.forNew(Supplier.ENTITY, Map.of("name", "Acme", "contacts", contacts));
                        return "taken";
                    } catch (DeclaredValues.Invalid invalid) {
                        return invalid.problems().get(0).field() + ": "
                                + invalid.problems().get(0).message();
                    }
                })
                .toList();
        assertThat(told)
                .containsExactly(
                        "contacts: label 'Orders' must be lower-case letters, digits, '_' and '-', up to 32, starting"
                                + " with a letter or digit",
                        "contacts: orders: name: is required",
                        "contacts: must hold 0 to 20 labels",
                        "contacts: must be an object of values by label");
        // AND stored as a map of maps, read back as it was
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme", Set.of());
        assertThat(supplier.toItem().get("contacts").m().get("billing").m()).containsOnlyKeys("name", "phone");
        assertThat(CoreItem.from(supplier.toItem())).isEqualTo(supplier);
    }

    @Test
    void items_shouldBeItemsOfTheCollection_inTheOrderGiven_countedOnTheCoreItem_andNameTheItemRefused() {
        // WHEN deliveries given with padded SKUs, each judged as an object of its members
        Map<String, Object> values = DeclaredValues.forNew(
                Supplier.ENTITY,
                Map.of("name", "Acme", "deliveries", List.of(Map.of("sku", " B-2 ", "days", 3), Map.of("sku", "A-1"))));
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme", Set.of()).with(values);

        // THEN in the order given, normalised (hours made of days), each an item of its own after the core item, which
        // counts them
        assertThat(values.get("deliveries"))
                .isEqualTo(List.of(Map.of("sku", "B-2", "days", 3L, "hours", 72L), Map.of("sku", "A-1")));
        assertThat(supplier.toItem())
                .containsEntry("deliveryCount", Values.n(2))
                .doesNotContainKey("deliveries");
        assertThat(supplier.collectionItems())
                .extracting(item -> item.get(Attributes.TYPE).s() + " "
                        + item.get("sku").s() + " " + item.get(Attributes.KIND).s() + " "
                        + item.get("deliveryNo").n())
                .containsExactly("delivery#0001 B-2 line 1", "delivery#0002 A-1 line 2");
        assertThat(supplier.collectionKeys())
                .extracting(ItemKey::type)
                .containsExactly("delivery#0001", "delivery#0002");
        // AND read back from its items as it was; its core item alone holds the count
        DeclaredItem core = CoreItem.from(supplier.toItem());
        assertThat(core.values()).containsEntry("deliveryCount", 2L).doesNotContainKey("deliveries");
        assertThat(core.withCollection(supplier.collectionItems())).isEqualTo(supplier);
        assertThat(Supplier.of(BUSINESS, "Acme", Set.of()).toItem()).doesNotContainKey("deliveryCount");
        // AND too few or many, an item that is no object, and one missing its SKU are named
        List<Object> refused = List.of(
                List.of(),
                java.util.Collections.nCopies(11, Map.of("sku", "A")),
                List.of("A-1"),
                List.of(Map.of("sku", "A-1"), Map.of("days", 2)),
                Map.of("sku", "A-1"));
        List<String> told = refused.stream()
                .map(deliveries -> {
                    try {
                        DeclaredValues.forNew(Supplier.ENTITY, Map.of("name", "Acme", "deliveries", deliveries));
                        return "taken";
                    } catch (DeclaredValues.Invalid invalid) {
                        return invalid.problems().get(0).message();
                    }
                })
                .toList();
        assertThat(told)
                .containsExactly(
                        "must hold 1 to 10 items",
                        "must hold 1 to 10 items",
                        "item 1: must be an object",
                        "item 2: sku: is required",
                        "must be a list of items");
        // AND never changed
        assertThatThrownBy(() ->
                        DeclaredValues.forChange(Supplier.ENTITY, Map.of("deliveries", List.of(Map.of("sku", "A-1")))))
                .isInstanceOf(DeclaredValues.Invalid.class);
    }

    @Test
    void letterCase_shouldBeSetBeforeAValueIsJudged_andStoredSo() {
        Field country = Field.text("country")
                .matching("[A-Z]{2}", "must be two capitals")
                .upperCased();
        Field email = Field.text("email").lowerCased();

        assertThat(country.problem(" us ")).isEmpty();
        assertThat(country.normalised(" us ")).isEqualTo("US");
        assertThat(country.problem("usa")).contains("must be two capitals");
        assertThat(email.normalised(" Ann@Example.COM")).isEqualTo("ann@example.com");
        assertThat(Field.text("name").normalised(" Ann ")).isEqualTo("Ann");
    }

    @Test
    void object_shouldRefuseWhatOnlyATextOrANumberCanBe() {
        Field city = Field.text("city");
        assertThatThrownBy(() -> Field.object("depot", city).unique()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Field.object("depot", city).lowerCased()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Field.object("depot", city).upperCased()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Field.object("depot", Field.object("inner", city)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Field.object("depot")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Field.object("depot", city, Field.text("city").example("Lyon")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two members city");
        assertThat(Field.object("depot", city.example("Lyon"), Field.text("zip"))
                        .example())
                .isEqualTo(Map.of("city", "Lyon"));
    }

    @Test
    void item_shouldBeInGsi1UnderTheLevelsItHolds_fromTheFirst() {
        // GIVEN suppliers with a depot in Lyon at 69001, in Lyon with no zip, and with no depot
        DeclaredItem whole =
                Supplier.of(BUSINESS, "Acme", Set.of()).with(Map.of("depot", Map.of("city", "Lyon", "zip", "69001")));
        DeclaredItem cityOnly = Supplier.of(BUSINESS, "Birch", Set.of());
        DeclaredItem none = new DeclaredItem(
                Supplier.ENTITY, Ids.newId(), BUSINESS, Map.of("name", "Crate"), whole.common(), whole.shard());

        // WHEN / THEN the partition is the business's and the first level's, the sort key the other levels and the id
        String partition = Keys.fieldListPk(Supplier.ENTITY, BUSINESS, "Lyon");
        assertThat(partition).isEqualTo("SUPPLIER#" + BUSINESS + "#LYON");
        assertThat(whole.toItem().get(Attributes.GSI1_PK).s()).isEqualTo(partition);
        assertThat(whole.toItem().get(Attributes.GSI1_SK).s()).isEqualTo("69001#" + whole.id());
        assertThat(cityOnly.toItem().get(Attributes.GSI1_SK).s()).isEqualTo(cityOnly.id());
        assertThat(none.toItem()).doesNotContainKeys(Attributes.GSI1_PK, Attributes.GSI1_SK);
        assertThat(Supplier.ENTITY.indexAttributes()).contains(Attributes.GSI1_PK, Attributes.GSI1_SK);
        // AND a store's location is such a list, by country then state, city and zip
        DeclaredItem store = SampleSubjects.store();
        assertThat(store.toItem().get(Attributes.GSI1_PK).s()).isEqualTo("STORE#" + store.businessId() + "#FR");
        assertThat(store.toItem().get(Attributes.GSI1_SK).s()).isEqualTo("IDF#PARIS#75008#" + store.id());
    }

    @Test
    void forNew_shouldRefuseTheKeysSeparatorInALevel_andALevelThatIsNoTextField() {
        assertThatThrownBy(() -> DeclaredValues.forNew(
                        Supplier.ENTITY, Map.of("name", "Acme", "depot", Map.of("city", "Ly#on"))))
                .isInstanceOfSatisfying(DeclaredValues.Invalid.class, invalid -> assertThat(invalid.problems())
                        .containsExactly(new Problem("depot", "city: must not hold '#'")));
        assertThatThrownBy(() -> Entity.define(Entity.declared("crate", "crates")
                        .fields(Field.object("depot", Field.wholeNumber("dock")))
                        .listedBy("dock", "depot.dock")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("depot.dock");
        assertThatThrownBy(() -> Entity.define(Entity.declared("crate", "crates")
                        .fields(Field.text("next"))
                        .listedBy("next", "next")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a list request gives another meaning");
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
        // AND its depot is a map of its members, a number a number
        assertThat(supplier.toItem().get("depot").m())
                .containsOnlyKeys("city", "dock")
                .containsEntry("dock", io.entitytable.model.Values.n(3));
    }

    @Test
    void searchText_shouldComeFromTheDeclaredFields() {
        // GIVEN
        DeclaredItem supplier = Supplier.of(BUSINESS, "Acme Beans", Set.of("fair-trade", "coffee"));

        // WHEN
        SearchText text = Supplier.ENTITY.search().orElseThrow().of(supplier.toItem(), List.of());

        // THEN the title is its name; its name and email are searched, its tags, sorted, its depot's city and its
        // contacts' names in label order; its code, its depot's dock and its contacts' phones are not searched
        assertThat(text.title()).isEqualTo("Acme Beans");
        assertThat(text.fields())
                .containsExactly(
                        Map.entry(SearchFields.NAME, List.of("Acme Beans", "Bo", "Ann Lee")),
                        Map.entry(SearchFields.EMAIL, List.of("acme.beans@example.com")),
                        Map.entry(SearchFields.TAGS, List.of("coffee", "fair-trade")),
                        Map.entry(SearchFields.CITY, List.of("Lyon")));
    }

    @Test
    void fields_shouldRefuseANameTheTableAlreadyGivesAMeaning() {
        assertThatThrownBy(() -> Entity.declared("widget", "widgets").fields(Field.text("version")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("widget's field version is taken");
    }
}
