package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.fanout.table.CopyEffects;
import io.entitytable.fanout.table.CopyEffects.Effect;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The fan-out's line of a batch: which request each change names, and which copies belong to which subject. */
class FanoutLogLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void fields_shouldNameEachChangesRequest_withTheCopiesAboutItsSubject() throws Exception {
        // GIVEN a batch: a customer tagged by request A, a store deleted, a counter-only change of the same store
        Map<String, AttributeValue> before = customer(1);
        Map<String, AttributeValue> tagged = stamped(customer(2), "request-A=");
        Map<String, AttributeValue> store = stamped(store(3), "request-old=");
        Map<String, AttributeValue> counted = new HashMap<>(store);
        counted.put(Attributes.LINK_COUNT, Values.n(1));
        String customerRef = Keys.subjectRef(Entity.CUSTOMER, Samples.CUSTOMER_ANN);
        String storeRef = Keys.subjectRef(Entity.STORE, Samples.STORE_MAIN);
        ItemKey tagCopy = new ItemKey(Keys.tagPartition(Samples.BUSINESS, "vip"), customerRef);
        ItemKey storeEdge = new ItemKey(storeRef, customerRef);
        ItemKey customerEdge = new ItemKey(customerRef, storeRef);
        ItemKey otherTagCopy = new ItemKey(Keys.tagPartition(Samples.BUSINESS, "vip"), storeRef);

        // WHEN its line's fields are made from its records and the copies written
        Map<LogField, Object> fields = FanoutLogLine.fields(
                List.of(Records.modify(before, tagged), Records.modify(store, counted), Records.remove(store)),
                new CopyEffects.Drained(
                        2,
                        2,
                        List.of(
                                new Effect(tagCopy, false),
                                new Effect(storeEdge, false),
                                new Effect(customerEdge, true),
                                new Effect(otherTagCopy, true))),
                12);

        // THEN the request ids are the ones the new images carry; the REMOVE and the counter-only change name none
        assertThat(fields)
                .containsEntry(LogField.RECORDS, 3)
                .containsEntry(LogField.CORRELATION_IDS, "request-A=")
                .containsEntry(LogField.COPIES_WRITTEN, 2L)
                .containsEntry(LogField.COPIES_DELETED, 2L)
                .containsEntry(LogField.MILLIS, 12L);
        JsonNode effects = JSON.readTree((String) fields.get(LogField.EFFECTS));
        assertThat(effects).hasSize(2);
        JsonNode ofCustomer = effects.get(0);
        assertThat(ofCustomer.get("subject").asText()).isEqualTo(customerRef);
        assertThat(ofCustomer.get("changes")).hasSize(1);
        assertThat(ofCustomer
                        .get("changes")
                        .get(0)
                        .get(LogField.CORRELATION_ID.key())
                        .asText())
                .isEqualTo("request-A=");
        assertThat(ofCustomer.get("changes").get(0).get("version").asLong()).isEqualTo(2);
        assertThat(texts(ofCustomer.get("written"))).containsExactly(tagCopy.toString(), storeEdge.toString());
        // ... and the edge in the customer's partition is about both subjects, so both list it
        assertThat(texts(ofCustomer.get("deleted"))).containsExactly(customerEdge.toString());
        JsonNode ofStore = effects.get(1);
        assertThat(ofStore.get("subject").asText()).isEqualTo(storeRef);
        assertThat(ofStore.get("changes").get(0).get("event").asText()).isEqualTo("REMOVE");
        assertThat(ofStore.get("changes").get(0).has(LogField.CORRELATION_ID.key()))
                .isFalse();
        assertThat(texts(ofStore.get("deleted"))).containsExactly(customerEdge.toString(), otherTagCopy.toString());
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }

    private static Map<String, AttributeValue> stamped(Map<String, AttributeValue> item, String requestId) {
        Map<String, AttributeValue> stamped = new HashMap<>(item);
        stamped.put(Attributes.CORRELATION_ID, Values.s(requestId));
        return stamped;
    }

    private static Map<String, AttributeValue> customer(long version) {
        return SampleSubjects.customer(
                        Samples.CUSTOMER_ANN,
                        Samples.BUSINESS,
                        "Ann",
                        "Lee",
                        null,
                        Map.of(),
                        Set.of(Samples.STORE_MAIN),
                        new CoreFields(version > 1 ? Set.of("vip") : Set.of(), version, NOW, NOW),
                        Shard.legacy(Samples.CUSTOMER_ANN))
                .toItem();
    }

    private static Map<String, AttributeValue> store(long version) {
        return SampleSubjects.store(
                        Samples.STORE_MAIN,
                        Samples.BUSINESS,
                        "Main",
                        new Address("1 Main St", "Austin", "TX", "73301", "US"),
                        new CoreFields(Set.of("vip"), version, NOW, NOW),
                        Shard.legacy(Samples.STORE_MAIN))
                .toItem();
    }
}
