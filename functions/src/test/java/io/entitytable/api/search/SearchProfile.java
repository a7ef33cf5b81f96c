package io.entitytable.api.search;

import io.entitytable.api.LocalDynamoResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The API with a search index: its own application, so the other tests keep running without one. */
public class SearchProfile implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(
                new TestResourceEntry(LocalDynamoResource.class), new TestResourceEntry(LocalSearchResource.class));
    }
}
