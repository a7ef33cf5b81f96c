package io.entitytable.api;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * The API trusting a shard count for a short time, so that a growth reaches the writers within a second: an
 * application of its own, so that the other tests keep the deployed default.
 */
public class ShortShardCacheProfile implements QuarkusTestProfile {
    static final String TRUSTED = "250ms";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("entity-table.shard-count-cache", TRUSTED);
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(LocalDynamoResource.class));
    }
}
