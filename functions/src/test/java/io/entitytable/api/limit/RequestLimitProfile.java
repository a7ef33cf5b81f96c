package io.entitytable.api.limit;

import io.entitytable.api.LocalDynamoResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The API with small request limits and a held clock: an application of its own, so that the other tests run without
 * the limit (application.properties turns it off for them).
 */
public class RequestLimitProfile implements QuarkusTestProfile {
    static final int PER_BUSINESS = 3;
    static final int PER_CALLER = 2;

    @Override
    public Map<String, String> getConfigOverrides() {
        // Both spellings: a %test. property of application.properties would otherwise win over a plain one.
        return Map.of(
                "entity-table.rate-limit.per-business", Integer.toString(PER_BUSINESS),
                "%test.entity-table.rate-limit.per-business", Integer.toString(PER_BUSINESS),
                "entity-table.rate-limit.per-caller", Integer.toString(PER_CALLER),
                "%test.entity-table.rate-limit.per-caller", Integer.toString(PER_CALLER));
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(HeldRateClock.class);
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(LocalDynamoResource.class));
    }
}
