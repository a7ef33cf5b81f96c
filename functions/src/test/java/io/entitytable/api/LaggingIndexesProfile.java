package io.entitytable.api;

import java.util.List;
import java.util.Map;

/**
 * {@link ShortShardCacheProfile} on an engine whose global secondary indexes lag behind the table as DynamoDB's do
 * (a test may lengthen the lag or hold an index through {@link LocalDynamoResource#control()}). Only this profile's
 * engine: the other tests' indexes follow the table at once.
 */
public class LaggingIndexesProfile extends ShortShardCacheProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(LocalDynamoResource.class, Map.of(LocalDynamoResource.INDEX_LAG, "true")));
    }

    /** The other tests' engine (without lag) is not started beside this one. */
    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }
}
