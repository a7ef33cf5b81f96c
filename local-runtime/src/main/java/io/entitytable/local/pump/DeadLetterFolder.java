package io.entitytable.local.pump;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The local on-failure destination: one JSON file per discarded batch, shaped like the invocation record Lambda sends
 * to an SQS or SNS destination for a DynamoDB stream ({@code requestContext}, {@code responseContext},
 * {@code DDBStreamBatchInfo}), plus the {@code payload} that Lambda adds for S3 destinations, because locally there is
 * no stream with 24 hours of retention to read the records back from.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html">Retain discarded records
 *     for a DynamoDB event source</a>
 */
public record DeadLetterFolder(Path folder, String functionArn, Clock clock) implements FailureDestination {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);

    @Override
    public void send(DiscardedBatch batch) {
        Instant now = clock.instant();
        ObjectNode record = JSON.createObjectNode();
        ObjectNode request = record.putObject("requestContext");
        request.put("requestId", UUID.randomUUID().toString());
        request.put("functionArn", functionArn);
        request.put("condition", batch.condition());
        request.put("approximateInvokeCount", batch.invokeCount());
        ObjectNode response = record.putObject("responseContext");
        if (batch.lastResult() != null) {
            response.put("statusCode", 200);
            response.put("executedVersion", "$LATEST");
            if (batch.lastResult().functionError()) {
                response.put("functionError", "Unhandled");
            }
        }
        record.put("version", "1.0");
        record.put("timestamp", now.truncatedTo(ChronoUnit.MILLIS).toString());
        List<PumpRecord> records = batch.records();
        PumpRecord first = records.get(0);
        PumpRecord last = records.get(records.size() - 1);
        ObjectNode info = record.putObject("DDBStreamBatchInfo");
        info.put("shardId", batch.shardId());
        info.put("startSequenceNumber", first.sequenceNumber());
        info.put("endSequenceNumber", last.sequenceNumber());
        info.put("approximateArrivalOfFirstRecord", first.approximateCreation().toString());
        info.put("approximateArrivalOfLastRecord", last.approximateCreation().toString());
        info.put("batchSize", records.size());
        info.put("streamArn", batch.streamArn());
        record.put(
                "payload",
                DynamodbEventJson.write(records.stream().map(PumpRecord::record).toList()));
        write(now, first, record);
    }

    private void write(Instant now, PumpRecord first, ObjectNode record) {
        try {
            Files.createDirectories(folder);
            String name = FILE_TIME.format(now) + "-" + first.shardId() + "-" + first.sequenceNumber() + ".json";
            Path temporary = Files.createTempFile(folder, ".writing-", ".json");
            Files.writeString(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(record));
            Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a dead-letter record to " + folder, e);
        }
    }

    /** The dead-letter files written so far, oldest first. */
    public List<Path> files() {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")
                            && !f.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
