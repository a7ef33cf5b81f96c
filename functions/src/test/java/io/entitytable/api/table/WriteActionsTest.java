package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

class WriteActionsTest {
    private final WriteActions actions = new WriteActions("Entity", "Entity");

    private static Map<String, AttributeValue> item(String id, String type, long version) {
        return Map.of(
                Attributes.ID, Values.s(id), Attributes.TYPE, Values.s(type), Attributes.VERSION, Values.n(version));
    }

    @Test
    void deletion_shouldDeleteAtTheVersionRead_whileTheCounterIsZero_only() {
        // GIVEN
        Deletion deletion = Deletion.of(item("B1", "business", 4))
                .onlyWhileZero(Attributes.CHILD_COUNT)
                .build();

        // WHEN
        List<TransactWriteItem> writes = actions.deletion(deletion);

        // THEN
        assertThat(writes).hasSize(1);
        Delete delete = writes.get(0).delete();
        assertThat(delete.tableName()).isEqualTo("Entity");
        assertThat(delete.key()).isEqualTo(new ItemKey("B1", "business").toAttributes());
        assertThat(delete.conditionExpression())
                .isEqualTo("(#version = :version) AND (attribute_not_exists(#counter) OR #counter = :zero)");
        assertThat(delete.expressionAttributeNames())
                .isEqualTo(Map.of("#version", Attributes.VERSION, "#counter", Attributes.CHILD_COUNT));
        assertThat(delete.expressionAttributeValues()).isEqualTo(Map.of(":version", Values.n(4), ":zero", Values.n(0)));
    }

    @Test
    void deletion_shouldDeleteFirst_thenLeaveATombstone_thenUncountOnBusinessAndStores_thenDeleteTheCollection() {
        // GIVEN
        ItemKey store = new ItemKey("S1", "store#main");
        ItemKey line = new ItemKey("C1", "line#0001");
        Deletion deletion = Deletion.of(item("C1", "customer#smith#ann", 2))
                .uncountingOnBusiness("B1")
                .uncountingOnTargets(List.of(store))
                .withCollection(List.of(line))
                .build();

        // WHEN
        List<TransactWriteItem> writes = actions.deletion(deletion);

        // THEN action 0 is the item itself, so a WriteConflict at 0 means "the item changed"
        assertThat(writes).hasSize(5);
        assertThat(writes.get(0).delete().conditionExpression()).isEqualTo("#version = :version");
        // the customer's tombstone, put whatever is there: the proof, for a serializable GetItem, that C1 is gone
        Put tombstone = writes.get(1).put();
        assertThat(tombstone.item())
                .isEqualTo(Map.of(
                        Attributes.ID, Values.s("C1"),
                        Attributes.TYPE, Values.s(Keys.TOMBSTONE_TYPE),
                        Attributes.KIND, Values.s(ItemKind.TOMBSTONE.value()),
                        Attributes.VERSION, Values.n(2)));
        assertThat(tombstone.conditionExpression()).isNull();
        Update business = writes.get(2).update();
        assertThat(business.key()).isEqualTo(ChildCounters.of("B1", "C1").toAttributes());
        assertThat(business.updateExpression()).isEqualTo("ADD #count :delta");
        assertThat(business.conditionExpression())
                .isEqualTo("(attribute_exists(#id)) AND (attribute_not_exists(#erasing))");
        assertThat(business.expressionAttributeNames())
                .isEqualTo(
                        Map.of("#count", Attributes.CHILD_COUNT, "#id", Attributes.ID, "#erasing", Attributes.ERASING));
        assertThat(business.expressionAttributeValues()).isEqualTo(Map.of(":delta", Values.n(-1)));
        Update storeCount = writes.get(3).update();
        assertThat(storeCount.key()).isEqualTo(store.toAttributes());
        assertThat(storeCount.expressionAttributeNames()).containsEntry("#count", Attributes.LINK_COUNT);
        assertThat(storeCount.conditionExpression()).isEqualTo("attribute_exists(#id)");
        Delete lineDelete = writes.get(4).delete();
        assertThat(lineDelete.key()).isEqualTo(line.toAttributes());
        assertThat(lineDelete.conditionExpression()).isNull();
    }

    @Test
    void countLink_shouldNeedTheStoresBusiness_whenLinking() {
        // WHEN
        Update linking = actions.countLink(LinkChange.linking(new ItemKey("S1", "store#main"), "B1"))
                .update();
        Update unlinking = actions.countLink(LinkChange.unlinking(new ItemKey("S1", "store#main")))
                .update();

        // THEN
        assertThat(linking.conditionExpression()).isEqualTo("(attribute_exists(#id)) AND (#business = :business)");
        assertThat(linking.expressionAttributeValues())
                .isEqualTo(Map.of(":delta", Values.n(1), ":business", Values.s("B1")));
        assertThat(unlinking.conditionExpression()).isEqualTo("attribute_exists(#id)");
        assertThat(unlinking.expressionAttributeValues()).isEqualTo(Map.of(":delta", Values.n(-1)));
    }

    @Test
    void replaceUnderNewKey_shouldDeleteTheOldKeyAtItsVersion_andPutTheNewOneWithTheCounters() {
        // GIVEN
        Map<String, AttributeValue> current = new java.util.HashMap<>(item("S1", "store#old", 3));
        current.put(Attributes.LINK_COUNT, Values.n(2));
        Map<String, AttributeValue> next = item("S1", "store#new", 4);

        // WHEN
        List<TransactWriteItem> writes = actions.replaceUnderNewKey(current, next);

        // THEN
        assertThat(writes.get(0).delete().key()).isEqualTo(new ItemKey("S1", "store#old").toAttributes());
        assertThat(writes.get(0).delete().expressionAttributeValues()).isEqualTo(Map.of(":version", Values.n(3)));
        assertThat(writes.get(1).put().item()).containsEntry(Attributes.LINK_COUNT, Values.n(2));
        assertThat(writes.get(1).put().conditionExpression()).isEqualTo("attribute_not_exists(#id)");
        assertThat(writes.get(1).put().hasExpressionAttributeValues()).isFalse();
    }

    @Test
    void replaceInPlace_shouldUpdateAtTheVersionRead() {
        // GIVEN
        Map<String, AttributeValue> current = item("S1", "store#main", 3);
        Map<String, AttributeValue> next = item("S1", "store#main", 4);

        // WHEN
        Update update = actions.replaceInPlace(current, next).update();

        // THEN
        assertThat(update.updateExpression()).isEqualTo("SET #a0 = :a0");
        assertThat(update.conditionExpression()).isEqualTo("#version = :version");
        assertThat(update.expressionAttributeNames())
                .isEqualTo(Map.of("#a0", Attributes.VERSION, "#version", Attributes.VERSION));
        assertThat(update.expressionAttributeValues()).isEqualTo(Map.of(":a0", Values.n(4), ":version", Values.n(3)));
    }

    @Test
    void deletion_requestingRefresh_shouldAskTheJobLast_unconditionally_settingOnlyWhatAsks() {
        // GIVEN
        Instant at = Instant.parse("2026-11-23T10:00:00Z");
        Deletion deletion = Deletion.of(item("01S", "store#main", 3))
                .uncountingOnBusiness("B1")
                .requestingRefresh(new RefreshRequest(Entity.STORE, "01S", "B1", 4, 250, at))
                .build();

        // WHEN
        List<TransactWriteItem> writes = actions.deletion(deletion);

        // THEN the store's delete holds on its version only, leaves its tombstone, and the job is an unconditional
        // UpdateItem
        assertThat(writes).hasSize(4);
        assertThat(writes.get(0).delete().conditionExpression()).isEqualTo("#version = :version");
        assertThat(writes.get(1).put().item()).containsEntry(Attributes.TYPE, Values.s(Keys.TOMBSTONE_TYPE));
        Update job = writes.get(3).update();
        assertThat(job.key()).isEqualTo(RefreshJob.keyOf("01S").toAttributes());
        assertThat(job.conditionExpression()).isNull();
        assertThat(job.updateExpression()).startsWith("SET ").doesNotContain("REMOVE", "ADD");
        assertThat(job.expressionAttributeNames())
                .containsOnlyKeys("#kind", "#subject", "#business", "#requested", "#total", "#updated")
                .doesNotContainValue(Attributes.JOB_STATUS)
                .doesNotContainValue(Attributes.JOB_PASS)
                .doesNotContainValue(Attributes.JOB_PASS_VERSION);
        assertThat(job.expressionAttributeValues())
                .containsEntry(":kind", Values.s(ItemKind.JOB.value()))
                .containsEntry(":subject", Values.s(Keys.subjectRef(Entity.STORE, "01S")))
                .containsEntry(":business", Values.s("B1"))
                .containsEntry(":requested", Values.n(4))
                .containsEntry(":total", Values.n(250))
                .containsEntry(":updated", Values.instant(at));
    }

    @Test
    void countChild_shouldRefuseACreateAndAnUncount_onACounterMarkedErasing() {
        // WHEN
        Map<String, AttributeValue> child = Map.of(Attributes.ID, Values.s("C1"));
        Update create = actions.countChild("B1", child, 1).update();
        Update uncount = actions.countChild("B1", child, -1).update();

        // THEN
        assertThat(create.key()).isEqualTo(ChildCounters.of("B1", "C1").toAttributes());
        assertThat(create.conditionExpression())
                .isEqualTo("(attribute_exists(#id)) AND (attribute_not_exists(#erasing))");
        assertThat(create.expressionAttributeNames())
                .isEqualTo(
                        Map.of("#id", Attributes.ID, "#erasing", Attributes.ERASING, "#count", Attributes.CHILD_COUNT));
        assertThat(uncount.conditionExpression())
                .isEqualTo("(attribute_exists(#id)) AND (attribute_not_exists(#erasing))");
        assertThat(uncount.expressionAttributeValues()).isEqualTo(Map.of(":delta", Values.n(-1)));
    }

    @Test
    void eraseBusiness_shouldMarkTheBusinessAtTheVersionRead_thenEachCounter_thenPutTheJobLast() {
        // GIVEN
        Instant at = Instant.parse("2026-11-25T12:00:00Z");

        // WHEN
        ItemKey record = IdempotencyRecord.keyOf("operator", "erase-b1");
        List<TransactWriteItem> writes =
                actions.eraseBusiness(item("B1", "business", 3), at, Optional.of("req-1"), Optional.of(record));

        // THEN action 0 is the business: version + 1, marked, on the version and the shard count read and no mark yet
        assertThat(writes).hasSize(1 + ChildCounters.COUNT + 1);
        Update business = writes.get(0).update();
        assertThat(business.key()).isEqualTo(new ItemKey("B1", "business").toAttributes());
        assertThat(business.updateExpression())
                .isEqualTo("SET #erasing = :at, #updated = :at, #correlation = :correlation ADD #bump :one");
        assertThat(business.conditionExpression())
                .isEqualTo(
                        "((#version = :version) AND (attribute_not_exists(#shards))) AND (attribute_not_exists(#erasing))");
        assertThat(business.expressionAttributeValues())
                .isEqualTo(Map.of(
                        ":at", Values.instant(at),
                        ":one", Values.n(1),
                        ":correlation", Values.s("req-1"),
                        ":version", Values.n(3)));
        // then each counter, marked on condition that it exists, its count untouched
        for (int i = 0; i < ChildCounters.COUNT; i++) {
            Update counter = writes.get(1 + i).update();
            assertThat(counter.key()).isEqualTo(ChildCounters.all("B1").get(i).toAttributes());
            assertThat(counter.updateExpression()).isEqualTo("SET #erasing = :at");
            assertThat(counter.conditionExpression()).isEqualTo("attribute_exists(#id)");
        }
        // and the job last, with the key of the request's own record, unless an erase is still running on its record
        Put job = writes.get(ChildCounters.COUNT + 1).put();
        assertThat(job.item()).isEqualTo(EraseJob.newItem("B1", ShardCount.legacy(), at, Optional.of(record)));
        assertThat(EraseJob.from(job.item()).requestRecord()).isEqualTo(record);
        assertThat(job.conditionExpression()).isEqualTo("attribute_not_exists(#id) OR #jobStatus = :done");
        assertThat(job.expressionAttributeValues()).isEqualTo(Map.of(":done", Values.s("done")));
    }

    @Test
    void eraseBusiness_shouldMarkEveryCounterOfTheBusinessShardCount_andGiveTheJobOneSegmentAShard() {
        // GIVEN a business item grown to 32 shards
        Instant at = Instant.parse("2026-11-25T12:00:00Z");
        ShardCount shards = ShardCount.first().grownTo(32, at, at);
        Map<String, AttributeValue> business = new HashMap<>(item("B1", "business", 3));
        shards.putOn(business);

        // WHEN
        List<TransactWriteItem> writes = actions.eraseBusiness(business, at, Optional.empty(), Optional.empty());

        // THEN the business, its 32 counters, then the job, which runs 32 segments a phase
        assertThat(writes).hasSize(1 + 32 + 1);
        List<ItemKey> counters = ChildCounters.all("B1", shards);
        for (int i = 0; i < counters.size(); i++) {
            Update counter = writes.get(1 + i).update();
            assertThat(counter.key()).isEqualTo(counters.get(i).toAttributes());
            assertThat(counter.updateExpression()).isEqualTo("SET #erasing = :at");
        }
        Put job = writes.get(33).put();
        assertThat(job.item()).isEqualTo(EraseJob.newItem("B1", shards, at));
        assertThat(EraseJob.from(job.item()).segments()).isEqualTo(32);
    }

    @Test
    void eraseBusiness_withoutARequest_shouldNameNone() {
        // WHEN
        Update business = actions.eraseBusiness(
                        item("B1", "business", 1), Instant.EPOCH, Optional.empty(), Optional.empty())
                .get(0)
                .update();

        // THEN the correlation of the version it replaces is not kept
        assertThat(business.updateExpression())
                .isEqualTo("SET #erasing = :at, #updated = :at ADD #bump :one REMOVE #correlation");
        assertThat(business.expressionAttributeNames()).containsEntry("#correlation", Attributes.CORRELATION_ID);
    }
}
