package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.expressions.ExpressionAttributes;
import io.entitytable.local.engine.expressions.Expressions;
import io.entitytable.local.engine.expressions.KeyCondition;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.expressions.Update;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.ArrayList;
import java.util.List;

/**
 * A request's expressions and their placeholders, parsed together so that placeholders no expression uses are refused,
 * and the legacy (non-expression) parameters the engine does not implement refused with a clear message, or with
 * DynamoDB's when mixed with expressions.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LegacyConditionalParameters.html">
 *     Legacy conditional parameters</a>
 */
final class RequestExpressions {
    private static final List<String> EXPRESSIONS = List.of(
            "ConditionExpression",
            "UpdateExpression",
            "ProjectionExpression",
            "FilterExpression",
            "KeyConditionExpression");
    private static final List<String> LEGACY = List.of(
            "Expected",
            "AttributeUpdates",
            "AttributesToGet",
            "KeyConditions",
            "QueryFilter",
            "ScanFilter",
            "ConditionalOperator");

    private final ObjectNode request;
    private final ExpressionAttributes attributes;

    private RequestExpressions(ObjectNode request) {
        this.request = request;
        List<String> expressions = present(request, EXPRESSIONS);
        List<String> legacy = present(request, LEGACY);
        if (!legacy.isEmpty() && !expressions.isEmpty()) {
            throw ApiException.validation(
                    "Can not use both expression and non-expression parameters in the same request: Non-expression"
                            + " parameters: " + braces(legacy) + " Expression parameters: " + braces(expressions));
        }
        if (!legacy.isEmpty()) {
            throw ApiException.validation("The legacy parameter " + legacy.get(0)
                    + " is not supported by the local DynamoDB engine; use the expression parameters instead");
        }
        JsonNode names = request.get("ExpressionAttributeNames");
        JsonNode values = request.get("ExpressionAttributeValues");
        if (expressions.isEmpty()) {
            if (names != null && !names.isNull()) {
                throw ApiException.validation("ExpressionAttributeNames can only be specified when using expressions");
            }
            if (values != null && !values.isNull()) {
                throw ApiException.validation("ExpressionAttributeValues can only be specified when using expressions");
            }
        }
        this.attributes = ExpressionAttributes.of(names, values);
    }

    static RequestExpressions of(ObjectNode request) {
        return new RequestExpressions(request);
    }

    Condition condition(String member) {
        String text = Requests.string(request, member);
        if (text == null) {
            return null;
        }
        return member.equals("FilterExpression")
                ? Expressions.filter(text, attributes)
                : Expressions.condition(text, attributes);
    }

    Projection projection() {
        String text = Requests.string(request, "ProjectionExpression");
        return text == null ? null : Expressions.projection(text, attributes);
    }

    Update update() {
        String text = Requests.string(request, "UpdateExpression");
        return text == null ? null : Expressions.update(text, attributes);
    }

    KeyCondition keyCondition(String partitionKey, String sortKey) {
        String text = Requests.string(request, "KeyConditionExpression");
        if (text == null) {
            throw ApiException.validation(
                    "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        return Expressions.keyCondition(text, attributes, partitionKey, sortKey);
    }

    /** Refuses placeholders supplied but unused; call once every expression was parsed. */
    void checkAllUsed() {
        attributes.checkAllUsed();
    }

    private static List<String> present(ObjectNode request, List<String> members) {
        List<String> found = new ArrayList<>();
        for (String member : members) {
            JsonNode node = request.get(member);
            if (node != null && !node.isNull()) {
                found.add(member);
            }
        }
        return found;
    }

    private static String braces(List<String> names) {
        return "{" + String.join(", ", names) + "}";
    }
}
