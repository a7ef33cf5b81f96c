package io.entitytable.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.ShardCount;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The API's shard count cache defaults to the one value the fan-out also takes: a growth reaches writers two cache
 * lifetimes after it is stored, so the fan-out that grows a count and the API that reads it must trust it alike.
 */
class ShardCountCacheDefaultTest {

    @Test
    void applicationProperties_shouldDefaultToTheModelsValue() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            properties.load(in);
        }
        assertThat(properties.getProperty("entity-table.shard-count-cache"))
                .isEqualTo("${SHARD_COUNT_CACHE:" + ShardCount.CACHE_DEFAULT + "}");
    }
}
