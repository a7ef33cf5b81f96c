package io.entitytable.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.verify.DynamoClientFactory;
import io.entitytable.verify.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * {@code java -jar tools/tenant-transfer/target/tenant-transfer.jar export --business ID --out FILE [--endpoint URL]
 * [--table NAME] [--region R]} writes one business to a file; {@code import --in FILE [...]} brings it back into a table
 * that does not hold it. One JSON summary on stdout; messages on stderr; exit codes in {@link TransferOptions#USAGE}.
 */
public final class Main {
    static final int DONE = 0;
    static final int REFUSED = 2;
    static final int COULD_NOT_FINISH = 3;

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err));
    }

    /** The whole command, without {@code System.exit}: tests call this. */
    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() == 1 && List.of("help", "--help", "-h").contains(args.get(0))) {
            out.println(TransferOptions.USAGE);
            return DONE;
        }
        TransferOptions options;
        try {
            TransferOptions parsed = TransferOptions.parse(args);
            options = parsed.withRegion(DynamoClientFactory.resolveRegion(parsed.endpoint(), parsed.region()));
        } catch (UsageException e) {
            err.println(e.getMessage());
            err.println(TransferOptions.USAGE);
            return REFUSED;
        }
        long started = System.nanoTime();
        try (DynamoDbClient dynamo = DynamoClientFactory.create(options.endpoint(), options.region())) {
            Transferred transferred = options.command() == TransferOptions.Command.EXPORT
                    ? export(dynamo, options)
                    : new TenantImport(dynamo, options.table(), options.archive()).run(options.file());
            out.println(summary(options, transferred, System.nanoTime() - started));
            out.flush();
            return DONE;
        } catch (TransferRefused e) {
            err.println(e.getMessage());
            return REFUSED;
        } catch (ResourceNotFoundException e) {
            err.println("table '" + options.table() + "' not found at " + options.target());
            return REFUSED;
        } catch (ImportStopped e) {
            err.println("could not finish: " + e.getMessage());
            return COULD_NOT_FINISH;
        } catch (IOException | UncheckedIOException e) {
            err.println("could not finish: " + options.file() + ": " + e.getMessage());
            return COULD_NOT_FINISH;
        } catch (SdkException e) {
            err.println("could not finish: " + e.getMessage());
            return COULD_NOT_FINISH;
        } catch (RuntimeException e) {
            err.println("could not finish: " + e);
            e.printStackTrace(err);
            return COULD_NOT_FINISH;
        }
    }

    /**
     * Writes the export beside {@code --out} and moves it there once complete, so a failed export leaves no file (and
     * a file that is there is whole).
     */
    private static Transferred export(DynamoDbClient dynamo, TransferOptions options) throws IOException {
        Path file = options.file();
        if (Files.exists(file)) {
            throw new TransferRefused(file + " exists: nothing exported (name a file that does not exist)");
        }
        Path folder = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            throw new TransferRefused(
                    "no folder " + folder + " to write " + file.getFileName() + " in: nothing exported");
        }
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        boolean moved = false;
        try {
            Transferred transferred;
            try (Writer writer = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
                transferred =
                        new TenantExport(dynamo, options.table(), options.archive()).run(options.businessId(), writer);
            }
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
            return transferred;
        } finally {
            if (!moved) {
                Files.deleteIfExists(partial);
            }
        }
    }

    private static String summary(TransferOptions options, Transferred transferred, long nanos) {
        Tally tally = transferred.tally();
        double seconds = nanos / 1e9;
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", options.command().name().toLowerCase(java.util.Locale.ROOT));
        summary.put("businessId", transferred.businessId());
        summary.put("target", options.target());
        summary.put("table", options.table());
        summary.put("file", options.file().toString());
        if (options.archiveBucket() != null) {
            summary.put("archive", options.archiveBucket());
            summary.put("archivedOrders", tally.archivedOrders());
        }
        summary.put("subjects", tally.subjects());
        summary.put("items", tally.items());
        summary.put("seconds", Math.round(seconds * 1000) / 1000.0);
        summary.put("itemsPerSecond", seconds > 0 ? Math.round(tally.items() / seconds) : 0);
        if (options.command() == TransferOptions.Command.IMPORT) {
            summary.put("conflictsRetried", transferred.conflictsRetried());
        }
        try {
            return new ObjectMapper().writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
