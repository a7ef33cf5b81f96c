package io.entitytable.api;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** The API deployed during an online move of its table: an application of its own, so other tests keep the usual one. */
public class MovingTableProfile implements QuarkusTestProfile {
    static final String TARGET = "EntityMoveTarget";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("entity-table.move-target-table", TARGET);
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(LocalDynamoResource.class));
    }
}
