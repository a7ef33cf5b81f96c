package io.entitytable.api.timing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

class DynamoTimingInterceptorTest {

    @Test
    void withCapacity_shouldAskForTheLevel_unlessTheRequestAsksForOneAlready() {
        // GIVEN
        QueryRequest plain = QueryRequest.builder().tableName("Entity").build();
        QueryRequest asking = plain.toBuilder()
                .returnConsumedCapacity(ReturnConsumedCapacity.NONE)
                .build();
        DescribeTableRequest other =
                DescribeTableRequest.builder().tableName("Entity").build();

        // WHEN
        var changed = (QueryRequest) DynamoTimingInterceptor.withCapacity(plain, ReturnConsumedCapacity.TOTAL);
        var kept = DynamoTimingInterceptor.withCapacity(asking, ReturnConsumedCapacity.TOTAL);
        var untouched = DynamoTimingInterceptor.withCapacity(other, ReturnConsumedCapacity.TOTAL);

        // THEN
        assertThat(changed.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
        assertThat(changed.tableName()).isEqualTo("Entity");
        assertThat(kept).isSameAs(asking);
        assertThat(untouched).isSameAs(other);
    }

    @Test
    void units_shouldTakeTheTotalAsReadOrWriteByOperation_andPreferTheSplitWhenGiven() {
        // GIVEN
        QueryResponse query = QueryResponse.builder()
                .consumedCapacity(ConsumedCapacity.builder().capacityUnits(1.5).build())
                .build();
        TransactWriteItemsResponse write = TransactWriteItemsResponse.builder()
                .consumedCapacity(
                        ConsumedCapacity.builder().capacityUnits(4.0).build(),
                        ConsumedCapacity.builder()
                                .capacityUnits(3.0)
                                .readCapacityUnits(1.0)
                                .writeCapacityUnits(2.0)
                                .build())
                .build();
        QueryResponse none = QueryResponse.builder().build();

        // WHEN / THEN
        assertThat(DynamoTimingInterceptor.units(query)).containsExactly(1.5, 0.0);
        assertThat(DynamoTimingInterceptor.units(write)).containsExactly(1.0, 6.0);
        assertThat(DynamoTimingInterceptor.units(none)).isNull();
    }
}
