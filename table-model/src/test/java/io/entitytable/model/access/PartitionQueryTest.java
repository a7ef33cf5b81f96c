package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

class PartitionQueryTest {

    @Test
    void toRequest_shouldUseTheIndexKeys_andReadForward_byDefault() {
        // GIVEN
        PartitionQuery query = PartitionQuery.sortBeginsWith(TableLayout.BUSINESS_GSI, "B1", "store#");

        // WHEN
        QueryRequest request = query.toRequest("Entity");

        // THEN
        assertThat(request.tableName()).isEqualTo("Entity");
        assertThat(request.indexName()).isEqualTo(TableLayout.BUSINESS_GSI);
        assertThat(request.keyConditionExpression()).isEqualTo("#pk = :pk AND begins_with(#sk, :prefix)");
        assertThat(request.expressionAttributeNames())
                .isEqualTo(Map.of("#pk", Attributes.BUSINESS_SHARD, "#sk", Attributes.TYPE));
        assertThat(request.scanIndexForward()).isNull();
        assertThat(request.consistentRead()).isNull();
        assertThat(request.filterExpression()).isNull();
        assertThat(request.projectionExpression()).isNull();
    }

    @Test
    void toRequest_shouldUseTheTableKeys_whenNoIndexIsNamed() {
        // WHEN
        QueryRequest request =
                PartitionQuery.partition(null, "O1").consistentRead().toRequest("Entity");

        // THEN
        assertThat(request.indexName()).isNull();
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", Attributes.ID));
        assertThat(request.consistentRead()).isTrue();
    }

    @Test
    void toRequest_shouldCarryDirectionFilterAndProjection_withTheirNamesAndValues() {
        // GIVEN
        PartitionQuery query = PartitionQuery.sortBeginsWith(TableLayout.BUSINESS_GSI, "B1", "customer#")
                .backward()
                .filtered(Filters.contains(Attributes.STORE_IDS, Values.s("S1")))
                .projecting(Attributes.ID);

        // WHEN
        QueryRequest request = query.toRequest("Entity");

        // THEN
        assertThat(request.scanIndexForward()).isFalse();
        assertThat(request.filterExpression()).isEqualTo("contains(#storeIds, :storeIds)");
        assertThat(request.projectionExpression()).isEqualTo("#p0");
        assertThat(request.expressionAttributeNames())
                .isEqualTo(Map.of(
                        "#pk", Attributes.BUSINESS_SHARD,
                        "#sk", Attributes.TYPE,
                        "#storeIds", Attributes.STORE_IDS,
                        "#p0", Attributes.ID));
        assertThat(request.expressionAttributeValues())
                .isEqualTo(
                        Map.of(":pk", Values.s("B1"), ":prefix", Values.s("customer#"), ":storeIds", Values.s("S1")));
    }

    @Test
    void values_shouldListKeyConditionValuesThenFilterValues_inOrder() {
        // GIVEN
        PartitionQuery query = PartitionQuery.sortBetween(TableLayout.BUSINESS_GSI, "B1", "order#a", "order#z")
                .filtered(Filters.equal(Values.s("PAID"), Attributes.STATUS));

        // WHEN
        List<String> names = List.copyOf(query.values().keySet());

        // THEN
        assertThat(names.subList(names.size() - 1, names.size())).containsExactly(":status");
        assertThat(names).containsExactlyInAnyOrder(":pk", ":from", ":to", ":status");
    }
}
