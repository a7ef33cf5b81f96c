package io.entitytable.fanout.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.WriteRates;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GrowthConfigTest {

    @Test
    void unset_shouldBeTheDefaults_andTheCacheTheApisDefault() {
        GrowthConfig config = GrowthConfig.from(name -> null);
        assertThat(config.on()).isTrue();
        assertThat(config.threshold()).isEqualTo(ShardGrowth.DEFAULT_THRESHOLD);
        assertThat(config.window()).isEqualTo(WriteRates.DEFAULT_WINDOW);
        assertThat(config.sampleOneIn()).isEqualTo(WriteRates.DEFAULT_SAMPLE_ONE_IN);
        assertThat(config.shardCountCache()).isEqualTo(GrowthConfig.durationOf(ShardCount.CACHE_DEFAULT));
        assertThat(config.shardCountCache()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.writersAfter()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void variables_shouldReplaceEachDefault() {
        Map<String, String> env = Map.of(
                EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(), "0.001",
                EnvironmentVariable.SHARD_GROWTH_WINDOW.variable(), "5s",
                EnvironmentVariable.SHARD_GROWTH_SAMPLE_ONE_IN.variable(), "1",
                EnvironmentVariable.SHARD_COUNT_CACHE.variable(), "250ms");
        GrowthConfig config = GrowthConfig.from(env::get);
        assertThat(config.threshold()).isEqualTo(0.001);
        assertThat(config.window()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.sampleOneIn()).isEqualTo(1);
        assertThat(config.shardCountCache()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void durations_shouldReadAsQuarkusReadsThem() {
        assertThat(GrowthConfig.durationOf("PT5S")).isEqualTo(Duration.ofSeconds(5));
        assertThat(GrowthConfig.durationOf("7")).isEqualTo(Duration.ofSeconds(7));
        assertThat(GrowthConfig.durationOf("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(GrowthConfig.durationOf("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(GrowthConfig.durationOf(" 250ms ")).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void forTable_shouldOnlyCopy_andFromEnvironmentMeasure() {
        assertThat(FanoutConfig.forTable("t").growth()).isEqualTo(GrowthConfig.OFF);
        assertThat(FanoutConfig.forTable("t")
                        .withGrowth(GrowthConfig.DEFAULT)
                        .growth()
                        .on())
                .isTrue();
    }
}
