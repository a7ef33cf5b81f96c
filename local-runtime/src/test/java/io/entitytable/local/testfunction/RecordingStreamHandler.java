package io.entitytable.local.testfunction;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A tiny stream function packaged into a zip by a test, so the pump can be checked end to end through AWS's runtime
 * client: it appends the id of every record to a file, and throws on a "poison" id. Configured by environment
 * variables, as a deployed function is.
 */
public class RecordingStreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final Path file = Path.of(System.getenv("RECORDING_FILE"));
    private final String idAttribute = System.getenv("ID_ATTRIBUTE");
    private final String poison = System.getenv("POISON_ID");
    private final String crashOnce = System.getenv("CRASH_ONCE_MARKER");

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        if (crashOnce != null && !Files.exists(Path.of(crashOnce))) {
            try {
                Files.createFile(Path.of(crashOnce));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            // A JVM that dies in the middle of an invocation, like an out-of-memory kill.
            Runtime.getRuntime().halt(3);
        }
        for (DynamodbEvent.DynamodbStreamRecord record : event.getRecords()) {
            if (record.getDynamodb().getApproximateCreationDateTime() == null) {
                throw new IllegalStateException("record without ApproximateCreationDateTime");
            }
            if (record.getDynamodb().getKeys().get(idAttribute).getS().equals(poison)) {
                throw new IllegalStateException("poison record " + poison);
            }
        }
        StringBuilder lines = new StringBuilder();
        event.getRecords().forEach(r -> lines.append(
                        r.getDynamodb().getKeys().get(idAttribute).getS())
                .append('\n'));
        try {
            Files.writeString(file, lines, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new StreamsEventResponse();
    }
}
