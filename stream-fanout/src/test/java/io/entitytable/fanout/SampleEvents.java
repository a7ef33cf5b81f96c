package io.entitytable.fanout;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** The files of the top-level {@code events/stream/} folder, which the tests replay and users feed to sam. */
final class SampleEvents {
    private SampleEvents() {}

    static Path directory() {
        String configured = System.getProperty("entity-table.events-dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("..", "events", "stream");
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("sample events folder missing: " + dir.toAbsolutePath());
        }
        return dir;
    }

    static List<Path> files() {
        try (Stream<Path> files = Files.list(directory())) {
            return files.filter(path -> path.toString().endsWith(".json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path file(String name) {
        return directory().resolve(name);
    }

    static String json(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Read the way the Lambda Java runtime reads it (plain Jackson would silently yield no records). */
    static DynamodbEvent event(Path file) {
        return LambdaEventSerializers.serializerFor(DynamodbEvent.class, SampleEvents.class.getClassLoader())
                .fromJson(new ByteArrayInputStream(json(file).getBytes(StandardCharsets.UTF_8)));
    }

    static List<Record> records(Path file) {
        return com.amazonaws.services.lambda.runtime.events.transformers.v2.DynamodbEventTransformer.toRecordsV2(
                event(file));
    }

    /**
     * The core items as the API left them after the changes in {@code file}: each readable core image applied in
     * order (a REMOVE deletes its key). This is the table a fan-out of the file's records meets.
     */
    static List<Map<String, AttributeValue>> finalCoreItems(Path file) {
        Map<String, Map<String, AttributeValue>> byKey = new LinkedHashMap<>();
        for (Record record : records(file)) {
            var stream = record.dynamodb();
            Map<String, AttributeValue> image = stream.hasNewImage() ? stream.newImage() : stream.oldImage();
            if (!CoreItem.isCore(image) || !readable(image)) {
                continue;
            }
            String key = Values.string(image, Attributes.ID) + "|" + Values.string(image, Attributes.TYPE);
            if (stream.hasNewImage()) {
                byKey.put(key, stream.newImage());
            } else {
                byKey.remove(key);
            }
        }
        return new ArrayList<>(byKey.values());
    }

    /**
     * Empties the table and writes the file's final core items, and the tombstone of each customer or store the file
     * deletes: the state a real stream would be fanned out against.
     */
    static void seed(DynamoDbClient dynamo, String tableName, Path file) {
        for (Map<String, AttributeValue> item : InvariantChecker.scanAll(dynamo, tableName)) {
            dynamo.deleteItem(DeleteItemRequest.builder()
                    .tableName(tableName)
                    .key(ItemKey.of(item).toAttributes())
                    .build());
        }
        List<Map<String, AttributeValue>> live = finalCoreItems(file);
        for (Map<String, AttributeValue> item : live) {
            dynamo.putItem(
                    PutItemRequest.builder().tableName(tableName).item(item).build());
        }
        Set<String> liveIds =
                live.stream().map(item -> Values.string(item, Attributes.ID)).collect(Collectors.toSet());
        for (Record record : records(file)) {
            Map<String, AttributeValue> old = record.dynamodb().oldImage();
            if (!record.dynamodb().hasNewImage()
                    && CoreItem.isCore(old)
                    && readable(old)
                    && CoreItem.entityOf(old).leavesTombstone()
                    && !liveIds.contains(Values.string(old, Attributes.ID))) {
                dynamo.putItem(PutItemRequest.builder()
                        .tableName(tableName)
                        .item(Tombstone.of(old))
                        .build());
            }
        }
    }

    static boolean readable(Map<String, AttributeValue> image) {
        try {
            CoreItem.entityOf(image);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
