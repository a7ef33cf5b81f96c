package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.supplier.Supplier;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Each entity's definition against what its record writes, and the rules every definition obeys. */
class EntityDefinitionTest {

    /** One subject of every entity, the test-only supplier included. */
    private static List<CoreItem> oneOfEach() {
        DeclaredItem business = SampleSubjects.business(
                "01JBUSINESS0000000000000000",
                "Acme",
                CoreFields.created(Set.of(), SampleSubjects.order().createdAt()));
        return List.of(
                business,
                SampleSubjects.customer(),
                SampleSubjects.store(),
                SampleSubjects.order(),
                Supplier.of(business.id(), "Acme Beans", Set.of()));
    }

    @Test
    void everyRecord_shouldWriteExactlyTheIndexAttributesOfItsDefinition() {
        for (CoreItem subject : oneOfEach()) {
            // WHEN
            Set<String> written = new HashSet<>(subject.toItem().keySet());
            written.retainAll(TableLayout.ENTITY.coreIndexAttributes());

            // THEN
            assertThat(written)
                    .as(subject.entity().keyName())
                    .isEqualTo(subject.entity().indexAttributes());
            assertThat(CoreItem.entityOf(subject.toItem())).isSameAs(subject.entity());
            assertThat(Values.string(subject.toItem(), Attributes.TYPE))
                    .startsWith(subject.entity().coreSortKeyPrefix());
        }
    }

    @Test
    void coreIndexAttributes_shouldBeEveryIndexKeyButTheTablesAndSource() {
        // THEN
        assertThat(TableLayout.ENTITY.coreIndexAttributes())
                .containsExactlyInAnyOrder(
                        Attributes.BUSINESS_SHARD, Attributes.CUSTOMER_ID, Attributes.GSI1_PK, Attributes.GSI1_SK);
        assertThat(RelationshipCatalogue.NOT_COPIED).containsAll(TableLayout.ENTITY.coreIndexAttributes());
    }

    @Test
    void theDomain_shouldHaveOneTenantAndOneLink_fromCustomersToStores() {
        // THEN
        assertThat(Entity.all().stream().filter(Entity::isTenant)).containsExactly(Entity.BUSINESS);
        assertThat(Entity.CUSTOMER.link())
                .contains(new Entity.Link(Entity.CUSTOMER, Attributes.STORE_IDS, Entity.STORE));
        assertThat(Entity.STORE.linkedBy()).isEqualTo(Entity.CUSTOMER.link());
        assertThat(Entity.ORDER.hasEdges()).isFalse();
        assertThat(Entity.all().stream().filter(Entity::leavesTombstone)).contains(Entity.CUSTOMER, Entity.STORE);
        assertThat(Entity.BUSINESS.isSearchable()).isFalse();
        assertThat(Entity.ORDER.search().orElseThrow().readsCollection()).isTrue();
    }

    @Test
    void sortedByCreation_shouldKeyASubjectByItsCreationMillis_andNotGoWithANameOrAFixedKey() {
        // GIVEN
        Entity visit = Entity.define(Entity.declared("definition-visit", "definition-visits")
                .fields(Field.text("purpose").required())
                .sortedByCreation());
        Instant created = Instant.parse("2026-03-01T10:00:00.042Z");

        // WHEN
        DeclaredItem item = new DeclaredItem(
                visit,
                Ids.newId(),
                Ids.newId(),
                Map.of("purpose", "Review"),
                new CoreFields(Set.of(), 1, created, created),
                Shard.of(0));

        // THEN its key holds its creation time, which never moves, and the list reads newest first
        assertThat(item.type()).isEqualTo("definition-visit#1772359200042");
        assertThat(item.toItem().get(Attributes.TYPE).s()).isEqualTo(item.type());
        assertThat(CoreItem.from(item.toItem())).isEqualTo(item);
        assertThat(visit.leavesTombstone()).isFalse();
        assertThat(visit.orderedBy()).isEqualTo("createdAt, newest first");
        assertThat(Entity.ORDER.isSortedByCreation()).isTrue();
        assertThat(Entity.STORE.isSortedByCreation()).isFalse();
        assertThatThrownBy(() -> Entity.define(Entity.declared("named-visit", "named-visits")
                        .fields(Field.text("purpose").required())
                        .sortedBy("purpose")
                        .sortedByCreation()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("creation time");
    }

    @Test
    void childOf_shouldKeepTheParentsId_inTheIndexTheParentHeads() {
        // GIVEN
        Entity note = Entity.define(Entity.declared("definition-note", "definition-notes")
                .fields(Field.text("text").required())
                .childOf(Entity.CUSTOMER));
        String customer = Ids.newId();

        // WHEN
        DeclaredItem item = new DeclaredItem(
                note,
                Ids.newId(),
                Ids.newId(),
                Map.of("text", "Called back", Attributes.CUSTOMER_ID, customer),
                CoreFields.created(Set.of(), Instant.parse("2026-03-01T10:00:00Z")),
                Shard.of(0));

        // THEN its item follows the customer in customerIdGsi, and reads back with its parent
        assertThat(note.parent()).contains(Entity.CUSTOMER);
        assertThat(note.parentAttribute()).contains(Attributes.CUSTOMER_ID);
        assertThat(note.indexes()).contains(TableLayout.BUSINESS_GSI, TableLayout.CUSTOMER_ID_GSI);
        assertThat(item.toItem().get(Attributes.CUSTOMER_ID).s()).isEqualTo(customer);
        assertThat(item.parentId()).contains(customer);
        assertThat(CoreItem.from(item.toItem())).isEqualTo(item);
        assertThat(Entity.ORDER.parent()).contains(Entity.CUSTOMER);
        assertThat(Entity.STORE.parent()).isEmpty();
    }

    @Test
    void childOf_shouldRefuseAParentThatHeadsNoPartition_aChildThatHeadsOne_andASubjectWithoutItsParent() {
        assertThatThrownBy(() -> Entity.define(Entity.declared("store-note", "store-notes")
                        .fields(Field.text("text").required())
                        .childOf(Entity.STORE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("heads no partition");
        assertThatThrownBy(() -> Entity.define(Entity.declared("heading-note", "heading-notes")
                        .fields(Field.text("text").required())
                        .childOf(Entity.CUSTOMER)
                        .headsPartitionIn(TableLayout.CUSTOMER_ID_GSI)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("heads no partition");
        Entity orphan = Entity.define(Entity.declared("definition-orphan", "definition-orphans")
                .fields(Field.text("text").required())
                .childOf(Entity.CUSTOMER));
        // A core item of it that names no customer is refused when read; a copy of one (a tag's) carries none.
        Map<String, AttributeValue> lost = new HashMap<>(new DeclaredItem(
                        orphan,
                        Ids.newId(),
                        Ids.newId(),
                        Map.of("text", "Lost", Attributes.CUSTOMER_ID, Ids.newId()),
                        CoreFields.created(Set.of(), Instant.now()),
                        Shard.of(0))
                .toItem());
        lost.remove(Attributes.CUSTOMER_ID);
        assertThatThrownBy(() -> orphan.read(lost))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names no customer");
    }

    @Test
    void groupedBy_shouldIndexASubjectInItsValuesPartitionOfGsi1_byCreationTime_andNeedToBeSortedSo() {
        // GIVEN
        Entity ticket = Entity.define(Entity.declared("definition-ticket", "definition-tickets")
                .fields(Field.text("title").required(), Field.text("state").upperCased())
                .sortedByCreation()
                .groupedBy("state"));
        Instant created = Instant.parse("2026-03-01T10:00:00Z");
        String id = Ids.newId();
        DeclaredItem open = new DeclaredItem(
                ticket,
                id,
                "B",
                Map.of("title", "Leak", "state", "OPEN"),
                CoreFields.created(Set.of(), created),
                Shard.of(2));

        // THEN in its state's partition at its shard, sorted by its creation time; without a state, in none
        assertThat(ticket.groupField().map(Field::name)).contains("state");
        assertThat(open.toItem().get(Attributes.GSI1_PK).s()).isEqualTo(Keys.groupPk(ticket, "state", "B", "OPEN", 2));
        assertThat(open.toItem().get(Attributes.GSI1_SK).s()).isEqualTo(Keys.createdSk(created, id));
        assertThat(open.with(Map.of("state", "CLOSED"))
                        .toItem()
                        .get(Attributes.GSI1_PK)
                        .s())
                .isEqualTo("DEFINITION-TICKETSTATE#B#CLOSED#2");
        assertThat(new DeclaredItem(
                                ticket,
                                id,
                                "B",
                                Map.of("title", "Leak"),
                                CoreFields.created(Set.of(), created),
                                Shard.of(2))
                        .toItem())
                .doesNotContainKey(Attributes.GSI1_PK);
        assertThatThrownBy(() -> Entity.define(Entity.declared("unsorted-ticket", "unsorted-tickets")
                        .fields(Field.text("state"))
                        .groupedBy("state")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sorted by creation time");
        assertThatThrownBy(() -> Entity.define(Entity.declared("number-ticket", "number-tickets")
                        .fields(Field.wholeNumber("state"))
                        .sortedByCreation()
                        .groupedBy("state")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a text field");
    }

    @Test
    void items_shouldRefuseAMemberOrACountTheTableOrAnotherFieldHolds_orTheirNumber_andMoreThanATransactionWrites() {
        assertThatThrownBy(() -> Field.items("steps", "step", Field.text(Attributes.TYPE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is taken");
        // each step's place is its stepNo
        assertThatThrownBy(() -> Field.items("steps", "step", Field.wholeNumber("stepNo")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("member stepNo is taken");
        assertThatThrownBy(
                        () -> Field.items("steps", "step", Field.text("text")).between(1, 98))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one transaction writes");
        // 97 steps fill a transaction with the subject, its counter and an idempotency record; a unique value's
        // marker, a tombstone or a second field of items does not fit beside them
        Field mostSteps = Field.items("steps", "step", Field.text("text")).between(1, Field.MOST_ITEMS);
        assertThat(Entity.define(Entity.declared("full-note", "full-notes")
                                .fields(mostSteps)
                                .sortedByCreation())
                        .itemFields())
                .containsExactly(mostSteps);
        assertThatThrownBy(() -> Entity.define(Entity.declared("marked-note", "marked-notes")
                        .fields(Field.text("code").unique(), mostSteps)
                        .sortedByCreation()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("marked-note with its most items, its unique values' markers, its business's counter, an"
                        + " idempotency record and its tombstone takes 101 writes, more than one transaction holds"
                        + " (100)");
        assertThatThrownBy(() -> Entity.define(Entity.declared("named-note", "named-notes")
                        .fields(Field.text("name").required(), mostSteps)
                        .sortedBy("name")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("takes 101 writes");
        assertThatThrownBy(() -> Entity.define(Entity.declared("twice-note", "twice-notes")
                        .fields(mostSteps, Field.items("marks", "mark", Field.text("text")))
                        .sortedByCreation()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("takes 150 writes");
        assertThatThrownBy(() -> Entity.define(Entity.declared("counted-note", "counted-notes")
                        .fields(
                                Field.wholeNumber("stepCount"),
                                Field.items("steps", "step", Field.text("text").required()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stepCount, which is taken");
    }

    @Test
    void skus_shouldBeASetCopiedUnder_declaredAsSuch_andOfOneEntity() {
        Field skus = Field.textSet(Attributes.SKUS, Field.text("sku"));
        // THEN a field called skus is the set the fan-out copies under, declared so; and only the order is copied
        assertThat(Entity.ORDER.isCopiedUnderEachSku()).isTrue();
        assertThat(Entity.STORE.isCopiedUnderEachSku()).isFalse();
        assertThatThrownBy(() ->
                        Entity.define(Entity.declared("sku-note", "sku-notes").fields(skus)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is declared with copiedUnderEachSku()");
        assertThatThrownBy(() -> Entity.define(Entity.declared("sku-note", "sku-notes")
                        .fields(Field.text("name"))
                        .copiedUnderEachSku()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("as copiedUnderEachSku() is with it");
        assertThatThrownBy(() -> Entity.define(Entity.declared("sku-note", "sku-notes")
                        .fields(Field.text(Attributes.SKUS))
                        .copiedUnderEachSku()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a set of texts called skus");
        assertThatThrownBy(() -> Entity.define(
                        Entity.declared("sku-note", "sku-notes").fields(skus).copiedUnderEachSku()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sku-note is copied under each SKU, as order is already: the SKU partitions hold one"
                        + " entity's copies");
    }

    @Test
    void define_shouldRefuseAKeyNameTwice() {
        // THEN
        assertThatThrownBy(() -> Entity.define(Entity.declared("store", "other-stores")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("store");
    }
}
