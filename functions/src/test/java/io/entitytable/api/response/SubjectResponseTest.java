package io.entitytable.api.response;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.entitytable.api.TestOrders;
import io.entitytable.api.TestStores;
import io.entitytable.api.copies.Copies;
import io.entitytable.model.Address;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubjectResponseTest {
    private static final String ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    private static final Instant CREATED = Instant.parse("2026-11-22T10:15:30Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static final ObjectMapper JSON =
            new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void from_shouldKeepPublicFieldsOnly_whenAnOrderWithLinesIsMapped() throws Exception {
        // GIVEN an order as stored: with its line count and its index keys
        DeclaredItem order = TestOrders.penOrder(
                ID,
                "01ARZ3NDEKTSV4RRFFQ69G5FAA",
                "01ARZ3NDEKTSV4RRFFQ69G5FAB",
                AUSTIN,
                new CoreFields(Set.of("vip"), 4, CREATED, CREATED),
                Shard.legacy(ID));

        // WHEN it is read as the API reads it, with its lines
        JsonNode json = JSON.valueToTree(
                DeclaredResponse.from(Entity.ORDER.read(order.toItem()).withCollection(order.collectionItems())));

        // THEN
        assertThat(json.get("entity").asText()).isEqualTo("order");
        assertThat(json.get("businessId").asText()).isEqualTo("01ARZ3NDEKTSV4RRFFQ69G5FAA");
        assertThat(json.get("lines").get(0).get("sku").asText()).isEqualTo("PEN-1");
        assertThat(json.get("shipTo").get("city").asText()).isEqualTo("Austin");
        assertThat(json.get("version").asLong()).isEqualTo(4);
        assertThat(json.get("lines").get(0).get("lineNo").asLong()).isEqualTo(1);
        assertThat(json.get("lineCount").asLong()).isEqualTo(1);
        assertThat(json.has("statusShard")).isFalse();
        assertThat(json.has("gsi1pk")).isFalse();
    }

    @Test
    void from_shouldLeaveBusinessIdOut_whenAStoreIsReadFromItsCopy() {
        // GIVEN a store and the copy of it that a customer's edge carries
        var store = TestStores.store(
                ID,
                "01ARZ3NDEKTSV4RRFFQ69G5FAA",
                "Downtown",
                AUSTIN,
                new CoreFields(Set.of(), 7, CREATED, CREATED),
                Shard.legacy(ID));
        var edge = new RelationshipCatalogue.Duplicate(
                Keys.subjectRef(Entity.CUSTOMER, "01ARZ3NDEKTSV4RRFFQ69G5FAC"),
                Keys.subjectRef(Entity.STORE, store.id()),
                ItemKind.EDGE);
        var copy = RelationshipCatalogue.copyItem(edge, store.toItem());

        // WHEN
        SubjectResponse fromCopy = DeclaredResponse.from(Copies.toSubject(copy));
        SubjectResponse fromCore = DeclaredResponse.from(store);

        // THEN one type, the same fields, except the index attribute a copy never carries
        assertThat(fromCopy).isInstanceOf(DeclaredResponse.class);
        assertThat(((DeclaredResponse) fromCopy).businessId()).isNull();
        assertThat(fromCopy)
                .usingRecursiveComparison()
                .ignoringFields("businessId")
                .isEqualTo(fromCore);
    }

    @Test
    void collection_shouldNameTheUrlCollection_ofEachEntity() {
        // GIVEN
        var store =
                TestStores.store(ID, "B", "Downtown", AUSTIN, CoreFields.created(Set.of(), CREATED), Shard.legacy(ID));

        // WHEN
        String collection = DeclaredResponse.from(store).collection();

        // THEN
        assertThat(collection).isEqualTo("stores");
    }
}
