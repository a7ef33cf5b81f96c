package io.entitytable.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Retention;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a tenant export file line by line ({@link TenantFormat}), each line parsed and checked on its own: the header
 * first (a file of another format or of an unknown version is refused there), then one subject at a time until the end
 * line, after which nothing may follow. A line that is not complete JSON, not of a known kind, or whose subject lacks a
 * field its record needs is refused with its number. Both passes of an import read through this, so the second reads
 * exactly what the first checked.
 */
final class TenantFileReader implements AutoCloseable {
    /**
     * A subject's line, read into the record the API would have built it from.
     *
     * @param archivedAt for an order of the order archive, when it was archived; null for a subject of the table
     * @param retention for the business, the retention its operator set; null when none was set, and for any other
     *     subject
     */
    record Subject(long lineNo, CoreItem record, Instant archivedAt, Retention retention) {
        boolean archived() {
            return archivedAt != null;
        }
    }

    private final Path file;
    private final BufferedReader reader;
    private final ObjectMapper json;
    private final TenantFormat.Header header;
    private long lineNo;
    private TenantFormat.End end;

    private TenantFileReader(Path file, BufferedReader reader, ObjectMapper json) throws IOException {
        this.file = file;
        this.reader = reader;
        this.json = json;
        this.header = readHeader();
    }

    /**
     * Opens {@code file} and reads its header.
     *
     * @throws TransferRefused when the file is not a tenant export of version {@link TenantFormat#VERSION}
     */
    static TenantFileReader open(Path file, ObjectMapper json) throws IOException {
        BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        try {
            return new TenantFileReader(file, reader, json);
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    TenantFormat.Header header() {
        return header;
    }

    /**
     * The next subject, or empty once the end line is read (then {@link #end()} is set).
     *
     * @throws TransferRefused at a line that is not a well-formed subject or end line, or when the file stops before
     *     its end line
     */
    Optional<Subject> next() throws IOException {
        if (end != null) {
            return Optional.empty();
        }
        JsonNode line = readLine();
        if (line == null) {
            throw refused("the file stops after line " + lineNo + " without its end line (kind \"" + TenantFormat.END
                    + "\"): it is truncated");
        }
        String kind = line.path("kind").isTextual() ? line.get("kind").asText() : null;
        if (kind == null) {
            throw refusedHere("a line needs a \"kind\"");
        }
        if (kind.equals(TenantFormat.END)) {
            end = convert(line, TenantFormat.End.class, "the end line");
            String after = rawLine();
            if (after != null) {
                throw refused("line " + (lineNo + 1) + " follows the end line");
            }
            return Optional.empty();
        }
        Class<? extends SubjectResponse> type = SubjectCodec.responseOf(kind)
                .orElseThrow(() -> refusedHere("unknown kind '" + kind + "' (this tool reads version "
                        + TenantFormat.VERSION + " of the format)"));
        boolean business = kind.equals(Entity.BUSINESS.keyName());
        String placement = business ? TenantFormat.SHARDS : TenantFormat.SHARD;
        boolean order = kind.equals(Entity.ORDER.keyName());
        Set<String> fields = new HashSet<>();
        line.fieldNames().forEachRemaining(fields::add);
        fields.removeAll(Set.of(TenantFormat.KIND, TenantFormat.SUBJECT, placement));
        String optional = order ? TenantFormat.ARCHIVED_AT : business ? TenantFormat.RETENTION : null;
        if (optional != null) {
            fields.remove(optional);
        }
        if (!line.has(TenantFormat.SUBJECT) || !fields.isEmpty()) {
            throw refusedHere("a " + kind + " line holds \"kind\" and \"subject\", and nothing else but \"" + placement
                    + "\"" + (optional != null ? " and \"" + optional + "\"" : ""));
        }
        Retention retention = line.has(TenantFormat.RETENTION) ? retentionOf(line.get(TenantFormat.RETENTION)) : null;
        Instant archivedAt = line.has(TenantFormat.ARCHIVED_AT)
                ? convert(line.get(TenantFormat.ARCHIVED_AT), Instant.class, TenantFormat.ARCHIVED_AT)
                : null;
        SubjectResponse subject = convert(line.get(TenantFormat.SUBJECT), type, "the " + kind);
        if (!kind.equals(subject.entity())) {
            throw refusedHere("a " + kind + " line holds a subject whose entity is '" + subject.entity() + "'");
        }
        try {
            CoreItem record = SubjectCodec.toRecord(subject);
            JsonNode placed = line.get(placement);
            if (placed != null) {
                record = business
                        ? SubjectCodec.withShards(record, shardsOf(placed))
                        : record.withShard(shardOf(placed));
            }
            return Optional.of(new Subject(lineNo, record, archivedAt, retention));
        } catch (IllegalArgumentException e) {
            throw refusedHere(kind + " " + subject.id() + ": " + e.getMessage());
        }
    }

    /**
     * A business's {@code retention}: for each kind with a lifecycle (by its collection name), an ISO-8601 duration, as
     * the API took it; anything else is refused rather than dropped, so an import never shortens or loses a setting.
     */
    private Retention retentionOf(JsonNode retention) {
        if (!retention.isObject()) {
            throw refusedHere("retention must be an object of durations, not " + retention);
        }
        Map<Entity, Duration> set = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : retention.properties()) {
            Entity entity = Entity.fromCollection(entry.getKey())
                    .filter(kind -> kind.lifecycle().isPresent())
                    .orElseThrow(() ->
                            refusedHere("retention names '" + entry.getKey() + "', which is no kind with a lifecycle"));
            try {
                set.put(entity, Duration.parse(entry.getValue().asText()));
            } catch (DateTimeParseException e) {
                throw refusedHere(
                        "retention of " + entry.getKey() + " is not an ISO-8601 duration: " + entry.getValue());
            }
        }
        return new Retention(set);
    }

    /** A child's {@code shard}: a shard number. */
    private Shard shardOf(JsonNode shard) {
        if (!shard.isInt()) {
            throw new IllegalArgumentException("shard must be a shard number, not " + shard);
        }
        return Shard.of(shard.asInt());
    }

    /** A business's {@code shards}: a valid stored count. */
    private ShardCount shardsOf(JsonNode shards) {
        TenantFormat.Shards read = convert(shards, TenantFormat.Shards.class, "shards");
        if (read.from() == null) {
            throw new IllegalArgumentException("shards.from is missing");
        }
        return new ShardCount(read.count(), read.before(), read.from(), true);
    }

    /** The end line, once {@link #next()} has returned empty. */
    TenantFormat.End end() {
        return end;
    }

    /** A refusal that names this file and the line just read. */
    TransferRefused refusedHere(String message) {
        return refused("line " + lineNo + ": " + message);
    }

    private TransferRefused refused(String message) {
        return new TransferRefused(file + ": " + message);
    }

    private TenantFormat.Header readHeader() throws IOException {
        String notOurs = "not a tenant export: its first line must be a JSON header with \"format\": \""
                + TenantFormat.NAME + "\"";
        JsonNode line;
        try {
            line = readLine();
        } catch (TransferRefused e) {
            throw refused(notOurs);
        }
        if (line == null) {
            throw refused("the file is empty: not a tenant export");
        }
        JsonNode format = line.get("format");
        if (format == null || !format.isTextual() || !format.asText().equals(TenantFormat.NAME)) {
            throw refused(notOurs);
        }
        JsonNode version = line.get("version");
        if (version == null || !version.isInt()) {
            throw refusedHere("the header needs a \"version\" number");
        }
        if (version.asInt() != TenantFormat.VERSION) {
            throw refused("version " + version.asInt() + " of the tenant export format; this tool reads version "
                    + TenantFormat.VERSION + " only");
        }
        TenantFormat.Header header = convert(line, TenantFormat.Header.class, "the header");
        if (!Ids.isValid(header.businessId())) {
            throw refusedHere("the header's businessId must be an id as the API returns it (26 characters)");
        }
        if (header.exportedAt() == null) {
            throw refusedHere("the header needs \"exportedAt\"");
        }
        return header;
    }

    /** The next line as a JSON object; null at the end of the file. */
    private JsonNode readLine() throws IOException {
        String text = rawLine();
        if (text == null) {
            return null;
        }
        lineNo++;
        if (text.isBlank()) {
            throw refusedHere("the line is empty (NDJSON has one JSON object a line)");
        }
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (JsonProcessingException e) {
            throw refusedHere("not complete JSON (" + e.getOriginalMessage() + "): the file is truncated or damaged");
        }
        if (node == null || !node.isObject()) {
            throw refusedHere("not a JSON object");
        }
        return node;
    }

    private String rawLine() throws IOException {
        try {
            return reader.readLine();
        } catch (CharacterCodingException e) {
            throw refused("after line " + lineNo + ": not UTF-8 text");
        }
    }

    private <T> T convert(JsonNode node, Class<T> type, String what) {
        try {
            return json.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String message =
                    e instanceof JsonProcessingException processing ? processing.getOriginalMessage() : e.getMessage();
            throw refusedHere(what + " does not read: " + message);
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
