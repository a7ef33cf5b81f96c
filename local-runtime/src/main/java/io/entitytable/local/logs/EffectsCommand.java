package io.entitytable.local.logs;

import io.entitytable.local.LocalOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Deque;

/**
 * {@code effects <request-id> [--data DIR]}: every line of the functions' log ({@link FunctionLogFile}) that names a
 * request id, oldest first: the request's own line, then each fan-out, refresh worker and indexer line that wrote a
 * copy or a search document for the version it wrote. The deployed stack's saved query
 * ({@code LogQueries.EFFECTS_FILTER}) does the same over the functions' log groups: a match anywhere in the line.
 *
 * @param requestId the {@code apigw-requestid} of the write's answer (or a subject's id, for a delete)
 */
public record EffectsCommand(Path dataFolder, String requestId) {
    public EffectsCommand {
        if (requestId == null || requestId.isBlank() || requestId.startsWith("--")) {
            throw new IllegalArgumentException(
                    "effects needs a request id: the apigw-requestid header of the write's answer");
        }
    }

    /** The command's arguments; {@code --data} resolves against {@code repositoryRoot} as {@code start}'s does. */
    public static EffectsCommand parse(Deque<String> arguments, Path repositoryRoot) {
        Path data = LocalOptions.defaults(repositoryRoot).dataFolder();
        String requestId = arguments.isEmpty() ? null : arguments.pop();
        while (!arguments.isEmpty()) {
            String option = arguments.pop();
            if (!option.equals("--data") || arguments.isEmpty()) {
                throw new IllegalArgumentException("unknown option '" + option + "' of effects (--data DIR)");
            }
            data = repositoryRoot.resolve(arguments.pop());
        }
        return new EffectsCommand(data.toAbsolutePath().normalize(), requestId);
    }

    /** Prints the lines that name the id; returns how many there were. */
    public int run(PrintStream out) {
        int found = 0;
        for (Path file : FunctionLogFile.filesOf(dataFolder)) {
            if (!Files.exists(file)) {
                continue;
            }
            try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.contains(requestId)) {
                        out.println(line);
                        found++;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        return found;
    }
}
