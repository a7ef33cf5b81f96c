package io.entitytable.faultrun;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The creates the clients sent twice with one {@code Idempotency-Key}, as a client whose first answer was lost does,
 * and whether any of them made a second subject. Two checks: the retry must answer the first request's subject as a
 * replay; and the table must hold at most one subject marked with the key. Customers and orders carry their key in
 * what no other operation of the run changes: a customer in the label of a mailing address, an order in its line's
 * description.
 */
final class RetriedCreates {
    private static final int EXAMPLES_KEPT = 10;

    private final Set<String> markedKeys = ConcurrentHashMap.newKeySet();
    private final LongAdder retried = new LongAdder();
    private final LongAdder wrongAnswers = new LongAdder();
    private final List<String> examples = Collections.synchronizedList(new ArrayList<>());

    /** A create of {@code path} answered {@code first}, and again {@code retry} with the same key. */
    void record(String path, String key, boolean marked, HttpApi.Answer first, HttpApi.Answer retry) {
        retried.increment();
        if (marked) {
            markedKeys.add(key);
        }
        if (first.status() == 201
                && (retry.status() != 201
                        || !retry.replayed()
                        || !retry.text("id").equals(first.text("id")))) {
            wrongAnswers.increment();
            keep("POST " + path + " with key " + key + ": first " + first.status() + " " + first.text("id") + ", retry "
                    + retry.status() + " " + retry.text("id") + (retry.replayed() ? " (replayed)" : ""));
        }
    }

    long retried() {
        return retried.sum();
    }

    /** The retries that did not answer the first request's subject, as the clients saw them. */
    long wrongAnswers() {
        return wrongAnswers.sum();
    }

    List<String> wrongAnswerExamples() {
        return List.copyOf(examples);
    }

    /**
     * The keys of retried creates that more than one customer or order carries: each is a second subject made by a
     * retry (a Scan: this is a test harness, not a request path).
     */
    List<String> keysWithSecondSubjects(DynamoDbClient dynamo, String table) {
        Map<String, Integer> subjects = new HashMap<>();
        dynamo.scanPaginator(request -> request.tableName(table).consistentRead(true))
                .items()
                .forEach(item -> markersOf(item).stream()
                        .filter(markedKeys::contains)
                        .forEach(key -> subjects.merge(key, 1, Integer::sum)));
        List<String> twice = new ArrayList<>();
        subjects.forEach((key, count) -> {
            if (count > 1) {
                twice.add(key + " (" + count + " subjects)");
            }
        });
        return twice;
    }

    private static List<String> markersOf(Map<String, AttributeValue> item) {
        String kind = Values.string(item, Attributes.KIND);
        if (ItemKind.CORE.value().equals(kind) && item.containsKey(Attributes.MAILING_ADDRESSES)) {
            return List.copyOf(Values.map(item, Attributes.MAILING_ADDRESSES).keySet());
        }
        if (ItemKind.LINE.value().equals(kind) && item.containsKey(Attributes.DESCRIPTION)) {
            return List.of(Values.string(item, Attributes.DESCRIPTION));
        }
        return List.of();
    }

    private void keep(String example) {
        if (examples.size() < EXAMPLES_KEPT) {
            examples.add(example);
        }
    }
}
