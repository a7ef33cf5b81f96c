package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import io.entitytable.model.supplier.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

class LiveCoreItemTest {
    private static final String ID = "01JSUBJECT00000000000000000";

    @Test
    void query_shouldReadTheIdUnderItsEntitysPrefix_stronglyConsistently() {
        // WHEN
        QueryRequest request = LiveCoreItem.query(Supplier.ENTITY, ID).toRequest("Entity");

        // THEN
        assertThat(request.consistentRead()).isTrue();
        assertThat(request.indexName()).isNull();
        assertThat(request.expressionAttributeValues())
                .containsEntry(":pk", Values.s(ID))
                .containsEntry(":prefix", Values.s("supplier#"));
    }

    @Test
    void fixedKey_shouldBeTheWholeKey_onlyWhereTheSortKeyNeverChanges() {
        // THEN
        assertThat(LiveCoreItem.fixedKey(Entity.BUSINESS, ID)).contains(new ItemKey(ID, "business"));
        assertThat(LiveCoreItem.fixedKey(Entity.CUSTOMER, ID)).isEmpty();
        assertThat(LiveCoreItem.fixedKey(Entity.ORDER, ID)).isEmpty();
    }

    @Test
    void emptyProvesGone_shouldHold_onlyForEntitiesWhoseKeyARenameNeverMoves() {
        // THEN
        assertThat(LiveCoreItem.emptyProvesGone(Entity.BUSINESS)).isTrue();
        assertThat(LiveCoreItem.emptyProvesGone(Entity.ORDER)).isTrue();
        assertThat(LiveCoreItem.emptyProvesGone(Entity.STORE)).isFalse();
        assertThat(LiveCoreItem.emptyProvesGone(Supplier.ENTITY)).isFalse();
    }
}
