package io.entitytable.fanout.table;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.WriteRates;
import java.time.Duration;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * How the fan-out measures each business's write rate and grows its shard count (docs/design.md, "Shards of a
 * business").
 *
 * @param on whether the fan-out measures at all
 * @param threshold the share of what a business's shards take above which it grows ({@link ShardGrowth#shouldGrow})
 * @param window the length of one measured window: a business grows when one window's writes, as a rate over the whole
 *     window, are above the threshold
 * @param sampleOneIn one subject in this many is counted, each of its changes as this many; 1 counts every change
 * @param shardCountCache how long the fan-out trusts a count it read, and half of how long after a growth writers start
 *     using it: the same as the API's ({@code SHARD_COUNT_CACHE})
 */
public record GrowthConfig(boolean on, double threshold, Duration window, int sampleOneIn, Duration shardCountCache) {
    /** Measuring with the defaults. */
    public static final GrowthConfig DEFAULT = new GrowthConfig(
            true,
            ShardGrowth.DEFAULT_THRESHOLD,
            WriteRates.DEFAULT_WINDOW,
            WriteRates.DEFAULT_SAMPLE_ONE_IN,
            durationOf(ShardCount.CACHE_DEFAULT));

    /** Not measuring: no write of the fan-out's beyond its copies and jobs. */
    public static final GrowthConfig OFF =
            new GrowthConfig(false, DEFAULT.threshold, DEFAULT.window, DEFAULT.sampleOneIn, DEFAULT.shardCountCache);

    public GrowthConfig {
        if (!(threshold > 0) || window.toSeconds() < 1 || sampleOneIn < 1 || shardCountCache.isNegative()) {
            throw new IllegalArgumentException("growth: threshold " + threshold + ", window " + window + ", one in "
                    + sampleOneIn + ", shard count cache " + shardCountCache);
        }
    }

    /** The defaults, each replaced by its environment variable when set. */
    public static GrowthConfig fromEnvironment() {
        return from(System::getenv);
    }

    static GrowthConfig from(UnaryOperator<String> env) {
        GrowthConfig config = DEFAULT;
        String threshold = env.apply(EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable());
        String window = env.apply(EnvironmentVariable.SHARD_GROWTH_WINDOW.variable());
        String sample = env.apply(EnvironmentVariable.SHARD_GROWTH_SAMPLE_ONE_IN.variable());
        String cache = env.apply(EnvironmentVariable.SHARD_COUNT_CACHE.variable());
        return new GrowthConfig(
                true,
                isSet(threshold) ? Double.parseDouble(threshold.strip()) : config.threshold,
                isSet(window) ? durationOf(window) : config.window,
                isSet(sample) ? Integer.parseInt(sample.strip()) : config.sampleOneIn,
                isSet(cache) ? durationOf(cache) : config.shardCountCache);
    }

    /** How long after a growth is stored writers start using it: two cache lifetimes, by when every reader knows it. */
    public Duration writersAfter() {
        return shardCountCache.multipliedBy(2);
    }

    /**
     * A duration as Quarkus reads one, so that the API and the fan-out read {@code SHARD_COUNT_CACHE} alike: ISO-8601
     * ({@code PT5S}), a number with a unit ({@code 250ms}, {@code 5s}, {@code 1m}, {@code 1h}, {@code 1d}), or a bare
     * number of seconds.
     */
    public static Duration durationOf(String value) {
        String text = value.strip().toLowerCase(Locale.ROOT);
        if (text.startsWith("p")) {
            return Duration.parse(text.toUpperCase(Locale.ROOT));
        }
        if (text.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
        }
        char unit = text.charAt(text.length() - 1);
        if (Character.isDigit(unit)) {
            return Duration.ofSeconds(Long.parseLong(text));
        }
        long amount = Long.parseLong(text.substring(0, text.length() - 1));
        return switch (unit) {
            case 's' -> Duration.ofSeconds(amount);
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            case 'd' -> Duration.ofDays(amount);
            default -> throw new IllegalArgumentException("not a duration: " + value);
        };
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
