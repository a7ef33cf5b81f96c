package io.entitytable.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How far a migration got, in a JSON file rewritten (atomically) after every page: the phase under way and, for each
 * copy pass, each Scan segment's last evaluated key, whether it is done and what it counted. A rerun with the same file
 * continues where the killed run stopped; the page that was being written when it stopped is written again, which the
 * conditional writes make harmless. The file names its tables, so it is never applied to another migration.
 */
final class MigrationCheckpoint {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One Scan segment of a copy pass. @param lastKey where the next page starts (empty: at the beginning) */
    record Segment(Map<String, String> lastKey, boolean done, CopyTally tally) {
        static Segment fresh() {
            return new Segment(Map.of(), false, CopyTally.NONE);
        }
    }

    /** The file's content. */
    record State(
            String from,
            String to,
            boolean inPlace,
            int segments,
            String sourceLayout,
            MigrationPhase phase,
            Map<MigrationPhase, List<Segment>> passes) {}

    private final Path file;
    private final boolean resumed;
    private State state;

    private MigrationCheckpoint(Path file, State state, boolean resumed) {
        this.file = file;
        this.state = state;
        this.resumed = resumed;
    }

    /** The checkpoint of {@code options}: the file's, if it exists (its segment count wins), else a new one. */
    static MigrationCheckpoint openOrStart(MigrateOptions options) {
        Path file = options.checkpoint();
        if (Files.isRegularFile(file)) {
            State state;
            try {
                state = JSON.readValue(file.toFile(), State.class);
            } catch (IOException e) {
                throw new UsageException("the checkpoint " + file + " is not readable (" + e.getMessage()
                        + "); move it away to start the migration from the beginning");
            }
            if (!state.from().equals(options.from())
                    || !state.to().equals(options.to())
                    || state.inPlace() != options.inPlace()) {
                throw new UsageException("the checkpoint " + file + " belongs to the migration of " + state.from()
                        + " to " + state.to() + (state.inPlace() ? " in place" : "") + ": give another --checkpoint");
            }
            return new MigrationCheckpoint(file, state, true);
        }
        return new MigrationCheckpoint(
                file,
                new State(
                        options.from(),
                        options.to(),
                        options.inPlace(),
                        options.segments(),
                        null,
                        MigrationPhase.COPY,
                        new EnumMap<>(MigrationPhase.class)),
                false);
    }

    boolean resumed() {
        return resumed;
    }

    synchronized MigrationPhase phase() {
        return state.phase();
    }

    synchronized int segments() {
        return state.segments();
    }

    synchronized String sourceLayout() {
        return state.sourceLayout();
    }

    synchronized void sourceLayout(String layout) {
        state = new State(
                state.from(), state.to(), state.inPlace(), state.segments(), layout, state.phase(), state.passes());
        save();
    }

    synchronized void phase(MigrationPhase next) {
        state = new State(
                state.from(),
                state.to(),
                state.inPlace(),
                state.segments(),
                state.sourceLayout(),
                next,
                state.passes());
        save();
    }

    synchronized Segment segment(MigrationPhase pass, int segment) {
        return segments(pass).get(segment);
    }

    /** The page ending at {@code lastKey} is written; {@code tally} is the segment's count including it. */
    synchronized void pageDone(MigrationPhase pass, int segment, Map<String, AttributeValue> lastKey, CopyTally tally) {
        Map<String, String> key = new LinkedHashMap<>();
        lastKey.forEach((name, value) -> key.put(name, Values.string(lastKey, name)));
        segments(pass).set(segment, new Segment(key, lastKey.isEmpty(), tally));
        save();
    }

    /** What the pass counted over all its segments, including those of earlier, killed runs. */
    synchronized CopyTally tally(MigrationPhase pass) {
        if (!state.passes().containsKey(pass)) {
            return null;
        }
        return segments(pass).stream().map(Segment::tally).reduce(CopyTally.NONE, CopyTally::plus);
    }

    /** The migration is complete: a rerun starts again (and, being idempotent, writes nothing new). */
    synchronized void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the checkpoint " + file, e);
        }
    }

    private List<Segment> segments(MigrationPhase pass) {
        return state.passes().computeIfAbsent(pass, ignored -> {
            List<Segment> fresh = new ArrayList<>();
            for (int i = 0; i < state.segments(); i++) {
                fresh.add(Segment.fresh());
            }
            return fresh;
        });
    }

    private void save() {
        try {
            Path absolute = file.toAbsolutePath();
            Files.createDirectories(absolute.getParent());
            Path written = absolute.resolveSibling(absolute.getFileName() + ".tmp");
            JSON.writerWithDefaultPrettyPrinter().writeValue(written.toFile(), state);
            Files.move(written, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint " + file, e);
        }
    }
}
