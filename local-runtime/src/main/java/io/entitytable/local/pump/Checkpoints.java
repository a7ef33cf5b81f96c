package io.entitytable.local.pump;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the pump has got to in each shard: the last sequence number it is done with, and whether the shard is closed
 * and fully processed (so that its children may start). Kept in a JSON file when a folder is given, so a restart
 * resumes where the previous run stopped; in memory otherwise (an in-memory database has a new stream every run).
 * Checkpoints of another stream (the table was re-created) are ignored.
 */
public final class Checkpoints {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** @param sequenceNumber null when nothing of the shard is done yet */
    public record ShardCheckpoint(String sequenceNumber, boolean finished) {}

    private final Path file;
    private final Map<String, ShardCheckpoint> shards = new ConcurrentHashMap<>();
    private volatile String streamArn;

    private Checkpoints(Path file) {
        this.file = file;
    }

    public static Checkpoints inMemory() {
        return new Checkpoints(null);
    }

    public static Checkpoints inFile(Path file) {
        Checkpoints checkpoints = new Checkpoints(file);
        checkpoints.load();
        return checkpoints;
    }

    /** Forgets everything when the stream is not the one the checkpoints were taken on. */
    public synchronized void useStream(String arn) {
        if (!arn.equals(streamArn)) {
            shards.clear();
            streamArn = arn;
            save();
        }
    }

    public Optional<ShardCheckpoint> of(String shardId) {
        return Optional.ofNullable(shards.get(shardId));
    }

    public boolean finished(String shardId) {
        return of(shardId).map(ShardCheckpoint::finished).orElse(false);
    }

    public synchronized void advance(String shardId, String sequenceNumber) {
        shards.put(shardId, new ShardCheckpoint(sequenceNumber, false));
        save();
    }

    public synchronized void finish(String shardId) {
        String last = of(shardId).map(ShardCheckpoint::sequenceNumber).orElse(null);
        shards.put(shardId, new ShardCheckpoint(last, true));
        save();
    }

    private void load() {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            streamArn = root.path("streamArn").asText(null);
            root.path("shards")
                    .fields()
                    .forEachRemaining(shard -> shards.put(
                            shard.getKey(),
                            new ShardCheckpoint(
                                    shard.getValue().path("sequenceNumber").asText(null),
                                    shard.getValue().path("finished").asBoolean(false))));
        } catch (IOException e) {
            throw new UncheckedIOException("Unreadable checkpoint file " + file, e);
        }
    }

    private void save() {
        if (file == null) {
            return;
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("streamArn", streamArn);
        ObjectNode shardsNode = root.putObject("shards");
        shards.forEach((id, checkpoint) -> {
            ObjectNode node = shardsNode.putObject(id);
            node.put("sequenceNumber", checkpoint.sequenceNumber());
            node.put("finished", checkpoint.finished());
        });
        try {
            Files.createDirectories(file.getParent());
            Path temporary = Files.createTempFile(file.getParent(), ".checkpoints-", ".json");
            Files.writeString(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
            // On disk before it replaces the old file: after a power loss the file is the old or the new one, never
            // an empty one that would stop the next start.
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write checkpoint file " + file, e);
        }
    }
}
