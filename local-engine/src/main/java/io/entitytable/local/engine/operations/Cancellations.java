package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.ArrayList;
import java.util.List;

/**
 * TransactionCanceledException, with one cancellation reason per action in the request's order.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html">
 *     TransactWriteItems errors</a>
 */
final class Cancellations {
    static final String CONFLICT_MESSAGE = "Transaction is ongoing for the item";

    private Cancellations() {}

    /** The exception for {@code reasons} (objects with a {@code Code}, maybe a {@code Message} and an {@code Item}). */
    static ApiException cancelled(ArrayNode reasons) {
        List<String> codes = new ArrayList<>();
        reasons.forEach(reason -> codes.add(reason.path("Code").asText()));
        ObjectNode extra = JsonNodeFactory.instance.objectNode();
        extra.set("CancellationReasons", reasons);
        return new ApiException(
                400,
                "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons " + codes,
                extra);
    }

    /** {@code count} reasons, {@code None} but at {@code position}, which has {@code code} and {@code message}. */
    static ApiException cancelledAt(int count, int position, String code, String message) {
        ArrayNode reasons = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < count; i++) {
            ObjectNode reason = reasons.addObject();
            if (i == position) {
                reason.put("Code", code);
                reason.put("Message", message);
            } else {
                reason.put("Code", "None");
            }
        }
        return cancelled(reasons);
    }

    static ApiException conflict() {
        return ApiException.transactionConflict(CONFLICT_MESSAGE);
    }
}
