package io.entitytable.fanout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that a filter pattern uses only what Lambda event filtering supports for DynamoDB event source mappings.
 * Event Ruler (and EventBridge) accept more operators than Lambda does, so a pattern that works in a local Event Ruler
 * pump could still be rejected (or behave differently) on AWS.
 *
 * <p>Allowed leaf values, from the "Filter rule syntax" table of the Lambda guide: a plain string, number, boolean or
 * null (equals, or null); {@code {"prefix": s}} (begins with); {@code {"suffix": s}} (ends with); {@code
 * {"equals-ignore-case": s}}; {@code {"anything-but": s | n | [s...] | [n...]}} (not); {@code {"numeric": [...]}};
 * {@code {"exists": true|false}}. Everything else (wildcard, cidr, $or, anything-but with prefix/suffix/ignore-case)
 * is rejected. DynamoDB filters may only look at the {@code dynamodb} key, and a {@code numeric} test on a DynamoDB
 * value never matches because stream JSON carries {@code N} values as strings, so it is rejected
 * too.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html#filtering-syntax">Lambda
 *     filter rule syntax</a>
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb-filtering.html">Filtering DynamoDB events</a>
 */
final class LambdaFilterOperators {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TOP_LEVEL_KEYS = Set.of("dynamodb");

    private LambdaFilterOperators() {}

    /** The problems of {@code pattern}; empty when Lambda accepts it. */
    static List<String> violations(String pattern) {
        List<String> problems = new ArrayList<>();
        JsonNode root;
        try {
            root = JSON.readTree(pattern);
        } catch (Exception e) {
            return List.of("not JSON: " + e.getMessage());
        }
        if (!root.isObject() || root.isEmpty()) {
            return List.of("a pattern is a non-empty JSON object");
        }
        root.fieldNames().forEachRemaining(key -> {
            if (!TOP_LEVEL_KEYS.contains(key)) {
                problems.add("DynamoDB filters may only use the dynamodb key, not " + key);
            }
        });
        walk(root, "", problems);
        return problems;
    }

    private static void walk(JsonNode node, String path, List<String> problems) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().startsWith("$")) {
                    problems.add(path + "/" + field.getKey() + ": operator not supported by Lambda");
                    continue;
                }
                walk(field.getValue(), path + "/" + field.getKey(), problems);
            }
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                problems.add(path + ": empty match list");
            }
            node.forEach(value -> leaf(value, path, problems));
        } else {
            problems.add(path + ": a leaf must be an array of match values");
        }
    }

    private static void leaf(JsonNode value, String path, List<String> problems) {
        if (value.isTextual() || value.isNumber() || value.isBoolean() || value.isNull()) {
            return;
        }
        if (!value.isObject() || value.size() != 1) {
            problems.add(path + ": a match value is a scalar or an object with one operator");
            return;
        }
        String operator = value.fieldNames().next();
        JsonNode argument = value.get(operator);
        if ("numeric".equals(operator) && path.startsWith("/dynamodb/")) {
            problems.add(path + ": numeric never matches DynamoDB stream values (N is a string in stream JSON)");
            return;
        }
        boolean ok =
                switch (operator) {
                    case "prefix", "suffix", "equals-ignore-case" -> argument.isTextual();
                    case "exists" -> argument.isBoolean();
                    case "anything-but" -> argument.isTextual() || argument.isNumber() || isScalarArray(argument);
                    case "numeric" -> argument.isArray();
                    default -> false;
                };
        if (!ok) {
            problems.add(path + ": operator " + operator + " " + argument + " not supported by Lambda filtering");
        }
    }

    private static boolean isScalarArray(JsonNode argument) {
        if (!argument.isArray() || argument.isEmpty()) {
            return false;
        }
        for (JsonNode element : argument) {
            if (!element.isTextual() && !element.isNumber()) {
                return false;
            }
        }
        return true;
    }
}
