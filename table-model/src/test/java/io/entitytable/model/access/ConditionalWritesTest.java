package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

class ConditionalWritesTest {
    private static final Expression VERSION_READ = Expression.builder()
            .expression("#version = :read")
            .putExpressionName("#version", "version")
            .putExpressionValue(":read", Values.n(3))
            .build();

    @Test
    void aLoneUpdateAction_shouldBecomeTheUpdateItemOfTheSameItemExpressionsAndCondition() {
        // GIVEN a transaction's update action
        Update update = Update.builder()
                .tableName("t")
                .key(new ItemKey("C1", "customer#smith").toAttributes())
                .updateExpression("SET #name = :name")
                .conditionExpression(VERSION_READ.expression())
                .expressionAttributeNames(Map.of("#version", "version", "#name", "name"))
                .expressionAttributeValues(Map.of(":read", Values.n(3), ":name", Values.s("Ann")))
                .build();

        // WHEN it is sent alone
        UpdateItemRequest request = ConditionalWrites.asUpdateItem(update);

        // THEN the request writes the same item with the same expressions, names and values
        assertThat(request.tableName()).isEqualTo("t");
        assertThat(request.key()).isEqualTo(update.key());
        assertThat(request.updateExpression()).isEqualTo(update.updateExpression());
        assertThat(request.conditionExpression()).isEqualTo(update.conditionExpression());
        assertThat(request.expressionAttributeNames()).isEqualTo(update.expressionAttributeNames());
        assertThat(request.expressionAttributeValues()).isEqualTo(update.expressionAttributeValues());
    }

    @Test
    void aLoneDeleteAction_shouldBecomeTheDeleteItemOfTheSameItemAndCondition() {
        // GIVEN a transaction's delete action on the version read
        Delete delete = ConditionalWrites.delete("t", new ItemKey("S1", "store#main"), VERSION_READ)
                .delete();

        // WHEN it is sent alone
        DeleteItemRequest request = ConditionalWrites.asDeleteItem(delete);

        // THEN it is the DeleteItem the same condition builds directly
        assertThat(request)
                .isEqualTo(ConditionalWrites.deleteItem("t", new ItemKey("S1", "store#main"), VERSION_READ)
                        .build());
    }
}
