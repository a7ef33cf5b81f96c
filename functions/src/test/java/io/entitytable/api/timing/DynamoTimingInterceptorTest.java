package io.entitytable.api.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

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

    @Test
    void withCapacity_shouldAskForIt_inEveryOperationTheApiMakes() {
        // GIVEN
        List<SdkRequest> requests = List.of(
                GetItemRequest.builder().build(),
                QueryRequest.builder().build(),
                PutItemRequest.builder().build(),
                UpdateItemRequest.builder().build(),
                DeleteItemRequest.builder().build(),
                TransactGetItemsRequest.builder().build(),
                TransactWriteItemsRequest.builder().build(),
                BatchGetItemRequest.builder().build(),
                BatchWriteItemRequest.builder().build());

        // WHEN / THEN
        for (SdkRequest request : requests) {
            SdkRequest changed = DynamoTimingInterceptor.withCapacity(request, ReturnConsumedCapacity.INDEXES);
            assertThat(changed.getValueForField("ReturnConsumedCapacity", String.class))
                    .as(request.getClass().getSimpleName())
                    .contains("INDEXES");
        }
    }

    @Test
    void units_shouldCountATotalAsReadOrWrite_forEveryOperationTheApiMakes() {
        // GIVEN
        ConsumedCapacity one = ConsumedCapacity.builder().capacityUnits(2.0).build();
        Map<SdkResponse, double[]> expected = Map.of(
                GetItemResponse.builder().consumedCapacity(one).build(), new double[] {2.0, 0.0},
                QueryResponse.builder().consumedCapacity(one).build(), new double[] {2.0, 0.0},
                PutItemResponse.builder().consumedCapacity(one).build(), new double[] {0.0, 2.0},
                UpdateItemResponse.builder().consumedCapacity(one).build(), new double[] {0.0, 2.0},
                DeleteItemResponse.builder().consumedCapacity(one).build(), new double[] {0.0, 2.0},
                TransactGetItemsResponse.builder().consumedCapacity(one, one).build(), new double[] {4.0, 0.0},
                TransactWriteItemsResponse.builder().consumedCapacity(one, one).build(), new double[] {0.0, 4.0},
                BatchGetItemResponse.builder().consumedCapacity(one, one).build(), new double[] {4.0, 0.0},
                BatchWriteItemResponse.builder().consumedCapacity(one, one).build(), new double[] {0.0, 4.0});

        // WHEN / THEN
        expected.forEach((response, units) -> assertThat(DynamoTimingInterceptor.units(response))
                .as(response.getClass().getSimpleName())
                .containsExactly(units));
        assertThat(DynamoTimingInterceptor.units(
                        BatchWriteItemResponse.builder().build()))
                .isNull();
        assertThat(DynamoTimingInterceptor.units(DescribeTableResponse.builder().build()))
                .isNull();
    }
}
