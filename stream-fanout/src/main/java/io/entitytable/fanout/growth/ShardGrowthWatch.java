package io.entitytable.fanout.growth;

import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.table.GrowthConfig;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.Values;
import io.entitytable.model.WriteRates;
import io.entitytable.model.access.ShardCountCache;
import io.entitytable.model.access.ShardGrowthWrite;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Measures each business's write rate from the core-item changes the fan-out sees, and grows a business's shard count
 * when it is above the threshold (docs/design.md, "Shards of a business"). The fan-out sees every change of every
 * business, so measuring here costs the API nothing on its path; a batch costs one UpdateItem per business with a
 * counted change ({@link WriteRates#add}), which also returns the window's total.
 *
 * <p>A window's total divided by the window's whole length is at most the business's average rate over the window, so
 * a growth is never early. The rule compares it with the count the business has: after a growth the next one needs
 * twice the rate, so a window may grow a business more than once only when its rate keeps rising past each threshold.
 *
 * <p>Nothing here fails or delays the batch beyond its own calls: a failure is a WARN line and a {@link
 * MetricNames#WRITE_RATE_FAILURES}, and the records are counted again only if Lambda delivers them again.
 */
public final class ShardGrowthWatch {
    private static final Logger LOG = Logger.getLogger(ShardGrowthWatch.class);

    private final DynamoDbClient dynamo;
    private final String table;
    private final GrowthConfig config;
    private final Clock clock;
    private final MetricsRecorder metrics;
    private final ShardCountCache known;

    public ShardGrowthWatch(
            DynamoDbClient dynamo, String table, GrowthConfig config, Clock clock, MetricsRecorder metrics) {
        this.dynamo = dynamo;
        this.table = table;
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
        this.known = new ShardCountCache(dynamo, table, config.shardCountCache());
    }

    /**
     * The changes of each business in {@code records}, sampled: a record of a core item counts when its subject is one
     * in {@code sampleOneIn} ({@code floorMod(hash(id), sampleOneIn) == 0}), as {@code sampleOneIn} changes. A
     * business's own item counts for itself. Records of other items count nothing.
     */
    public static Map<String, Long> counted(List<Record> records, int sampleOneIn) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Record record : records) {
            StreamRecord stream = record.dynamodb();
            if (stream == null) {
                continue;
            }
            Map<String, AttributeValue> image = core(stream.hasNewImage() ? stream.newImage() : null);
            if (image == null) {
                image = core(stream.hasOldImage() ? stream.oldImage() : null);
            }
            if (image == null || !image.containsKey(Attributes.ID) || !image.containsKey(Attributes.BUSINESS_ID)) {
                continue;
            }
            if (Keys.shardOf(Values.string(image, Attributes.ID), sampleOneIn) != 0) {
                continue;
            }
            counts.merge(Values.string(image, Attributes.BUSINESS_ID), (long) sampleOneIn, Long::sum);
        }
        return counts;
    }

    private static Map<String, AttributeValue> core(Map<String, AttributeValue> image) {
        return image != null && CoreItem.isCore(image) ? image : null;
    }

    /**
     * After a batch's copies are written: counts its changes and grows whom they say should grow. Never throws: a
     * business whose count or growth fails is a WARN line and a {@link MetricNames#WRITE_RATE_FAILURES}, and the
     * batch's other businesses are still counted.
     */
    public void afterBatch(List<Record> records) {
        if (!config.on()) {
            return;
        }
        Map<String, Long> counts;
        Instant now;
        try {
            now = clock.instant();
            counts = counted(records, config.sampleOneIn());
        } catch (RuntimeException e) {
            failed("batch", e);
            return;
        }
        long windowStart = WriteRates.windowStart(now, config.window());
        for (Map.Entry<String, Long> business : counts.entrySet()) {
            try {
                measure(business.getKey(), business.getValue(), windowStart, now);
            } catch (RuntimeException e) {
                failed("business " + business.getKey(), e);
            }
        }
    }

    private void failed(String what, RuntimeException e) {
        LOG.warnf("write rate of %s not counted: %s", what, e.toString());
        metrics.count(Dimensions.function(), MetricNames.WRITE_RATE_FAILURES, 1);
    }

    private void measure(String businessId, long count, long windowStart, Instant now) {
        long total = WriteRates.total(
                dynamo.updateItem(WriteRates.add(table, businessId, windowStart, config.window(), count))
                        .attributes());
        double rate = (double) total / config.window().toSeconds();
        ShardCount shards = countOf(businessId, now);
        if (shards != null && ShardGrowth.shouldGrow(rate, shards.count(), config.threshold())) {
            grow(businessId, rate, now);
        }
    }

    /**
     * The count this instance trusts, read (strongly consistent) when it trusts none; null for no such business, or one
     * being erased (whose children's deletes must not grow it).
     */
    private ShardCount countOf(String businessId, Instant now) {
        return known.of(businessId, now)
                .filter(business -> !business.erasing())
                .map(ShardCountCache.Known::count)
                .orElse(null);
    }

    private void grow(String businessId, double rate, Instant now) {
        Map<String, AttributeValue> current = dynamo.getItem(request -> request.tableName(table)
                        .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                        .consistentRead(true))
                .item();
        if (current == null || current.isEmpty()) {
            known.forget(businessId);
            return;
        }
        known.remember(businessId, current, now);
        if (current.containsKey(Attributes.ERASING)) {
            return;
        }
        ShardCount read = ShardCount.of(current);
        if (!ShardGrowth.shouldGrow(rate, read.count(), config.threshold())) {
            return;
        }
        ShardCount grown = read.grownTo(ShardGrowth.next(read.count()), now, now.plus(config.writersAfter()));
        try {
            ShardGrowthWrite.write(dynamo, table, current, grown);
        } catch (ConditionalCheckFailedException | TransactionCanceledException e) {
            // Someone grew or erased it since it was read: their count stands, and the next batch measures again.
            known.forget(businessId);
            LOG.infof("business %s not grown from %d shards: it changed since read", businessId, read.count());
            return;
        }
        known.remember(businessId, grown, now);
        metrics.count(Dimensions.function(), MetricNames.SHARD_GROWTHS, 1);
        LOG.infof(
                "shards grown: business %s from %d to %d shards at %.1f writes/s measured (threshold %s)",
                businessId, read.count(), grown.count(), rate, config.threshold());
    }
}
