package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a parsed key condition expression into a {@link KeyCondition}: an equality on the partition key and at most
 * one of {@code = < <= > >= BETWEEN begins_with} on the sort key, joined by {@code AND}, in either order.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html#DDB-Query-request-KeyConditionExpression">
 *     Query: KeyConditionExpression</a>
 */
final class KeyConditions {
    /** How DynamoDB names, in its error, an operator that a key condition cannot use. */
    private static final Map<Class<?>, String> OPERATOR_NAMES = Map.of(
            ConditionNode.Or.class, "OR",
            ConditionNode.Not.class, "NOT",
            ConditionNode.In.class, "IN",
            ConditionNode.AttributeExists.class, "attribute_exists",
            ConditionNode.AttributeNotExists.class, "attribute_not_exists",
            ConditionNode.AttributeType.class, "attribute_type");

    private KeyConditions() {}

    /** One comparison of a key attribute with values. */
    private record KeyTerm(String attribute, KeyCondition.SortCondition condition) {}

    static KeyCondition of(ConditionNode root, String partitionKey, String sortKey) {
        List<KeyTerm> terms = new ArrayList<>(2);
        collect(root, terms);
        KeyTerm partition = null;
        KeyTerm sort = null;
        for (KeyTerm term : terms) {
            if (term.attribute().equals(partitionKey)) {
                if (partition != null) {
                    throw ApiException.validation("KeyConditionExpressions must only contain one condition per key");
                }
                partition = term;
            } else if (term.attribute().equals(sortKey)) {
                if (sort != null) {
                    throw ApiException.validation("KeyConditionExpressions must only contain one condition per key");
                }
                sort = term;
            }
        }
        if (partition == null) {
            throw ApiException.validation("Query condition missed key schema element: " + partitionKey);
        }
        for (KeyTerm term : terms) {
            if (term != partition && term != sort) {
                throw sortKey != null
                        ? ApiException.validation("Query condition missed key schema element: " + sortKey)
                        : ApiException.validation("Query key condition not supported");
            }
        }
        if (partition.condition().operator() != KeyCondition.SortCondition.Operator.EQ) {
            throw ApiException.validation("Query key condition not supported");
        }
        return new KeyCondition(partition.condition().value(), sort == null ? null : sort.condition());
    }

    private static void collect(ConditionNode node, List<KeyTerm> terms) {
        if (node instanceof ConditionNode.And and) {
            collect(and.left(), terms);
            collect(and.right(), terms);
        } else if (node instanceof ConditionNode.Comparison comparison) {
            terms.add(comparison(comparison));
        } else if (node instanceof ConditionNode.Between between) {
            terms.add(new KeyTerm(
                    keyName(between.operand()),
                    new KeyCondition.SortCondition(
                            KeyCondition.SortCondition.Operator.BETWEEN,
                            keyValue(between.lower()),
                            keyValue(between.upper()))));
        } else if (node instanceof ConditionNode.BeginsWith beginsWith) {
            terms.add(new KeyTerm(
                    keyName(beginsWith.operand()),
                    new KeyCondition.SortCondition(
                            KeyCondition.SortCondition.Operator.BEGINS_WITH, keyValue(beginsWith.prefix()), null)));
        } else {
            throw invalidOperator(operatorName(node));
        }
    }

    private static KeyTerm comparison(ConditionNode.Comparison comparison) {
        ConditionNode.Comparator comparator = comparison.comparator();
        if (comparator == ConditionNode.Comparator.NE) {
            throw invalidOperator("<>");
        }
        Operand attribute = comparison.left();
        Operand value = comparison.right();
        if (attribute instanceof Operand.Literal && !(value instanceof Operand.Literal)) {
            attribute = comparison.right();
            value = comparison.left();
            comparator = comparator.mirrored();
        }
        KeyCondition.SortCondition.Operator operator =
                switch (comparator) {
                    case EQ -> KeyCondition.SortCondition.Operator.EQ;
                    case LT -> KeyCondition.SortCondition.Operator.LT;
                    case LE -> KeyCondition.SortCondition.Operator.LE;
                    case GT -> KeyCondition.SortCondition.Operator.GT;
                    default -> KeyCondition.SortCondition.Operator.GE;
                };
        return new KeyTerm(keyName(attribute), new KeyCondition.SortCondition(operator, keyValue(value), null));
    }

    private static String keyName(Operand operand) {
        if (operand instanceof Operand.Size) {
            throw invalidOperator("size");
        }
        if (!(operand instanceof Operand.Path path)) {
            throw ApiException.validation("Query key condition not supported");
        }
        if (!path.path().isTopLevel()) {
            throw ApiException.validation("KeyConditionExpressions cannot have conditions on nested attributes");
        }
        return path.path().topName();
    }

    private static Value keyValue(Operand operand) {
        if (operand instanceof Operand.Size) {
            throw invalidOperator("size");
        }
        if (!(operand instanceof Operand.Literal literal)) {
            throw ApiException.validation("Query key condition not supported");
        }
        return literal.value();
    }

    private static String operatorName(ConditionNode node) {
        return OPERATOR_NAMES.getOrDefault(node.getClass(), "contains");
    }

    private static ApiException invalidOperator(String operator) {
        return ApiException.validation("Invalid operator used in KeyConditionExpression: " + operator);
    }

    static boolean matches(KeyCondition.SortCondition condition, Value value) {
        Value bound = condition.value();
        return switch (condition.operator()) {
            case EQ -> value.equals(bound);
            case LT -> ValueOrder.comparable(value, bound) && ValueOrder.compare(value, bound) < 0;
            case LE -> ValueOrder.comparable(value, bound) && ValueOrder.compare(value, bound) <= 0;
            case GT -> ValueOrder.comparable(value, bound) && ValueOrder.compare(value, bound) > 0;
            case GE -> ValueOrder.comparable(value, bound) && ValueOrder.compare(value, bound) >= 0;
            case BETWEEN -> ValueOrder.comparable(value, bound)
                    && ValueOrder.comparable(value, condition.upper())
                    && ValueOrder.compare(bound, value) <= 0
                    && ValueOrder.compare(value, condition.upper()) <= 0;
            case BEGINS_WITH -> ConditionNode.BeginsWith.beginsWith(value, bound);
        };
    }
}
