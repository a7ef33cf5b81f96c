package io.entitytable.search.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSearchEngineTest {
    /** This module's tests run before its jar exists: the child JVM gets the test classpath instead. */
    private static final String CLASSPATH = System.getProperty("java.class.path");

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dataDir;

    /** One test for the whole life of an engine: each start of a child JVM costs seconds. */
    @Test
    void engine_shouldFindAnIndexedDocument_stopItsJvmWhenClosed_andKeepTheDocumentAcrossARestart() throws Exception {
        // GIVEN
        String doc = "{\"name\":\"Don Quixote\"}";
        LocalSearchEngine engine = LocalSearchEngine.start(dataDir, 0, CLASSPATH);
        try {
            // WHEN
            assertThat(send(engine.endpoint(), "PUT", "/books/_doc/1?refresh=true", doc))
                    .contains("\"result\":\"created\"");

            // THEN
            assertThat(send(engine.endpoint(), "GET", "/books/_search?q=name:quixote", null))
                    .contains("\"_id\":\"1\"");
        } finally {
            engine.close();
        }
        // AND closing stopped the child JVM
        assertThat(engine.isAlive()).isFalse();
        assertThatThrownBy(() -> send(engine.endpoint(), "GET", "/", null)).isInstanceOf(IOException.class);
        // AND a new engine on the same data finds the document
        try (LocalSearchEngine restarted = LocalSearchEngine.start(dataDir, 0, CLASSPATH)) {
            assertThat(restarted.isAlive()).isTrue();
            assertThat(send(restarted.endpoint(), "GET", "/books/_search?q=name:quixote", null))
                    .contains("\"_id\":\"1\"");
        }
    }

    @Test
    void start_shouldFailWithTheChildsOutput_whenTheEngineCannotStart() {
        assertThatThrownBy(() -> LocalSearchEngine.start(dataDir, 0, "no-such.jar"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(LocalSearchEngine.MAIN_CLASS);
    }

    private String send(URI endpoint, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.resolve(path))
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isLessThan(300);
        return response.body();
    }
}
