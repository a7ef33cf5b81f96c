package io.entitytable.local.pump;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;

/**
 * Reads a stream function's response the way Lambda does when {@code ReportBatchItemFailures} is on: no response, no
 * list or an empty list means the whole batch succeeded; a list of sequence numbers means the batch failed from the
 * lowest of them on; an item identifier that is null, empty or not in the batch makes the whole batch a failure.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html">Partial batch
 *     responses for DynamoDB</a>
 */
final class BatchResponse {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How the batch went: all good, failed from one record on, or failed as a whole. */
    sealed interface Outcome permits Success, FailedFrom, WholeBatchFailed {}

    record Success() implements Outcome {}

    /** @param index position in the batch of the lowest failed sequence number: the new checkpoint */
    record FailedFrom(int index) implements Outcome {}

    record WholeBatchFailed(String reason) implements Outcome {}

    private BatchResponse() {}

    static Outcome read(InvocationResult result, List<PumpRecord> batch, boolean reportBatchItemFailures) {
        if (result.functionError()) {
            return new WholeBatchFailed("function error: " + result.payload());
        }
        if (!reportBatchItemFailures) {
            return new Success();
        }
        Optional<JsonNode> failures = failures(result.payload());
        if (failures.isEmpty() || failures.get().isNull() || failures.get().isEmpty()) {
            return new Success();
        }
        if (!failures.get().isArray()) {
            return new WholeBatchFailed("batchItemFailures is not a list: " + result.payload());
        }
        int lowest = Integer.MAX_VALUE;
        for (JsonNode failure : failures.get()) {
            JsonNode identifier = failure.get("itemIdentifier");
            if (identifier == null
                    || !identifier.isTextual()
                    || identifier.asText().isEmpty()) {
                return new WholeBatchFailed("invalid itemIdentifier in " + result.payload());
            }
            int index = indexOf(batch, identifier.asText());
            if (index < 0) {
                return new WholeBatchFailed("itemIdentifier not in the batch: " + identifier.asText());
            }
            lowest = Math.min(lowest, index);
        }
        return new FailedFrom(lowest);
    }

    private static Optional<JsonNode> failures(String payload) {
        if (payload == null || payload.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonNode response = JSON.readTree(payload);
            if (response == null || !response.isObject()) {
                return Optional.empty();
            }
            return Optional.ofNullable(response.get("batchItemFailures"));
        } catch (Exception e) {
            // Not a partial batch response (e.g. a handler returning plain text): no failures reported.
            return Optional.empty();
        }
    }

    private static int indexOf(List<PumpRecord> batch, String sequenceNumber) {
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i).sequenceNumber().equals(sequenceNumber)) {
                return i;
            }
        }
        return -1;
    }
}
