package io.entitytable.api;

import java.util.List;

/**
 * {@link ShortShardCacheProfile} on an engine of its own, whose global secondary indexes a test lengthens the lag of or
 * holds back ({@link LocalDynamoResource#control()}) without slowing the other tests' engine.
 */
public class LaggingIndexesProfile extends ShortShardCacheProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(LocalDynamoResource.class));
    }

    /** The other tests' engine is not started beside this one. */
    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }
}
