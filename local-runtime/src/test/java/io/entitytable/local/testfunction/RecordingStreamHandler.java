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
 * variables, as a deployed function is; a marker file makes its first invocation crash or hang.
 */
public class RecordingStreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final Path file = Path.of(System.getenv("RECORDING_FILE"));
    private final String idAttribute = System.getenv("ID_ATTRIBUTE");
    private final String poison = System.getenv("POISON_ID");
    private final String crashOnce = System.getenv("CRASH_ONCE_MARKER");
    private final String hangOnce = System.getenv("HANG_ONCE_MARKER");

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        if (firstTime(crashOnce)) {
            // A JVM that dies in the middle of an invocation, like an out-of-memory kill.
            Runtime.getRuntime().halt(3);
        }
        if (firstTime(hangOnce)) {
            // An invocation that never returns, like one stuck on a call without a timeout.
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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

    /** Whether {@code marker} names a file not made yet; makes it. */
    private static boolean firstTime(String marker) {
        if (marker == null || Files.exists(Path.of(marker))) {
            return false;
        }
        try {
            Files.createFile(Path.of(marker));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return true;
    }
}
