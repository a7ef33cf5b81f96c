package io.entitytable.local.pump;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads an SQS worker's response the way Lambda does with {@code ReportBatchItemFailures}: no response, no list or an
 * empty list means every message succeeded; listed message ids failed; a function error, a response that is not JSON,
 * or an item identifier that is null, empty or not in the batch fails the whole batch.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html">Handling errors for an SQS
 *     event source</a>
 */
public final class SqsBatchResponse {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** @param succeeded the message ids to delete; the others come back after the visibility timeout */
    public record Outcome(Set<String> succeeded, String failure) {
        static Outcome wholeBatchFailed(String reason) {
            return new Outcome(Set.of(), reason);
        }
    }

    private SqsBatchResponse() {}

    public static Outcome read(InvocationResult result, List<String> messageIds, boolean reportBatchItemFailures) {
        if (result.functionError()) {
            return Outcome.wholeBatchFailed("function error: " + result.payload());
        }
        Set<String> succeeded = new HashSet<>(messageIds);
        if (!reportBatchItemFailures
                || result.payload() == null
                || result.payload().isBlank()) {
            return new Outcome(succeeded, null);
        }
        JsonNode response;
        try {
            response = JSON.readTree(result.payload());
        } catch (Exception e) {
            return Outcome.wholeBatchFailed("response is not JSON: " + result.payload());
        }
        JsonNode failures = response == null || !response.isObject() ? null : response.get("batchItemFailures");
        if (failures == null || failures.isNull() || (failures.isArray() && failures.isEmpty())) {
            return new Outcome(succeeded, null);
        }
        if (!failures.isArray()) {
            return Outcome.wholeBatchFailed("batchItemFailures is not a list: " + result.payload());
        }
        for (JsonNode failure : failures) {
            JsonNode identifier = failure.get("itemIdentifier");
            if (identifier == null
                    || !identifier.isTextual()
                    || identifier.asText().isEmpty()
                    || !messageIds.contains(identifier.asText())) {
                return Outcome.wholeBatchFailed("invalid itemIdentifier in " + result.payload());
            }
            succeeded.remove(identifier.asText());
        }
        return new Outcome(succeeded, null);
    }
}
