package io.entitytable.api.search;

import io.entitytable.api.LocalDynamoResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

/** The API with a search endpoint where no engine listens: a port that was free a moment ago. */
public class SearchDownProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return Map.of("entity-table.search-endpoint", "http://127.0.0.1:" + socket.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(LocalDynamoResource.class));
    }
}
