package io.entitytable.local.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.Operations;
import io.entitytable.local.engine.storage.DynamoDbLocalFolder;
import io.entitytable.local.engine.storage.JournalStorage;
import io.entitytable.local.engine.storage.MemoryStorage;
import io.entitytable.local.engine.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalEngineTest {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path folder;

    private final AtomicReference<Storage> storageGiven = new AtomicReference<>();

    private Function<Storage, Operations> engine() {
        return storage -> {
            storageGiven.set(storage);
            return (service, operation, request) ->
                    JsonNodeFactory.instance.objectNode().put("Operation", operation);
        };
    }

    @Test
    void start_shouldServeInMemoryOnAFreePort() throws Exception {
        // GIVEN / WHEN
        try (LocalEngine engine = LocalEngine.start(0, null, engine())) {

            // THEN
            assertThat(storageGiven.get()).isInstanceOf(MemoryStorage.class);
            assertThat(engine.endpoint()).isEqualTo(URI.create("http://localhost:" + engine.port()));
            assertThat(engine.port()).isPositive();
            assertThat(post(engine, "DynamoDB_20120810.ListTables").body()).isEqualTo("{\"Operation\":\"ListTables\"}");
            assertThat(get(engine).body()).isEqualTo(LocalEngine.NAME + " " + LocalEngine.VERSION + "\n");
        }
    }

    @Test
    void start_shouldKeepDataInTheFolder() throws Exception {
        // GIVEN
        try (LocalEngine engine = LocalEngine.start(0, folder, engine())) {
            assertThat(storageGiven.get()).isInstanceOf(JournalStorage.class);
            ObjectNode description = JsonNodeFactory.instance.objectNode().put("TableName", "t");
            storageGiven.get().tableDescribed("t", description);

            // WHEN a second engine asks for the same folder
            assertThatThrownBy(() -> LocalEngine.start(0, folder, engine()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("in use");
        }

        // THEN once the first is closed, the folder opens with what it kept
        try (LocalEngine engine = LocalEngine.start(0, folder, engine())) {
            List<String> tables = new java.util.ArrayList<>();
            storageGiven.get().load(new Storage.Loader() {
                @Override
                public void table(String tableName, ObjectNode description) {
                    tables.add(tableName);
                }

                @Override
                public void item(String tableName, ObjectNode item) {}

                @Override
                public void streamRecord(Storage.StreamWrite record) {}
            });
            assertThat(tables).containsExactly("t");
        }
    }

    @Test
    void start_shouldRefuseDynamoDbLocalFolder() throws IOException {
        // GIVEN
        Files.writeString(folder.resolve("shared-local-instance.db"), "x");

        // WHEN / THEN
        assertThatThrownBy(() -> LocalEngine.start(0, folder, engine()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(String.format(DynamoDbLocalFolder.REFUSAL, folder.toAbsolutePath()));
    }

    @Test
    void close_shouldStopServingAndCloseEngineAndStorage() throws Exception {
        // GIVEN an engine with work of its own to stop
        AtomicBoolean engineClosed = new AtomicBoolean();
        class ClosableEngine implements Operations, AutoCloseable {
            @Override
            public ObjectNode call(String service, String operation, ObjectNode request) {
                return JsonNodeFactory.instance.objectNode();
            }

            @Override
            public void close() {
                engineClosed.set(true);
            }
        }
        LocalEngine engine = LocalEngine.start(0, folder, storage -> new ClosableEngine());

        // WHEN
        engine.close();

        // THEN the port is free and the folder can be opened again
        assertThat(engineClosed).isTrue();
        try (LocalEngine again = LocalEngine.start(engine.port(), folder, engine())) {
            assertThat(post(again, "DynamoDB_20120810.ListTables").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void start_shouldReleaseTheFolderWhenThePortIsTaken() throws Exception {
        // GIVEN
        try (LocalEngine first = LocalEngine.start(0, null, engine())) {

            // WHEN
            assertThatThrownBy(() -> LocalEngine.start(first.port(), folder, engine()))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining(Integer.toString(first.port()));
        }

        // THEN
        LocalEngine.start(0, folder, engine()).close();
    }

    @Test
    void version_shouldBeDevelopmentWhenRunFromClasses() {
        assertThat(LocalEngine.VERSION).isEqualTo("development");
    }

    private static HttpResponse<String> post(LocalEngine engine, String target) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(engine.endpoint())
                        .header("X-Amz-Target", target)
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(LocalEngine engine) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(engine.endpoint()).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
