package io.entitytable.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.AuthGroups;
import io.entitytable.model.ShardCount;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The defaults application.properties spells again for an environment variable, held to their one definition. */
class PropertyDefaultsTest {

    /**
     * The API's shard count cache defaults to the one value the fan-out also takes: a growth reaches writers two cache
     * lifetimes after it is stored, so the fan-out that grows a count and the API that reads it must trust it alike.
     */
    @Test
    void shardCountCache_shouldDefaultToTheModelsValue() throws IOException {
        assertThat(properties().getProperty("entity-table.shard-count-cache"))
                .isEqualTo("${SHARD_COUNT_CACHE:" + ShardCount.CACHE_DEFAULT + "}");
    }

    /** The API reads the groups from the claim the stack's user pool and the local issuer put them in. */
    @Test
    void groupsClaim_shouldDefaultToTheClaimTheIssuersUse() throws IOException {
        assertThat(properties().getProperty("entity-table.groups-claim"))
                .isEqualTo("${AUTH_GROUPS_CLAIM:" + AuthGroups.DEFAULT_CLAIM + "}");
    }

    private Properties properties() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            properties.load(in);
        }
        return properties;
    }
}
