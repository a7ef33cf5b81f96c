package io.entitytable.fanout;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Invoke priming for SnapStart: just before Lambda takes the snapshot of the initialised function, one stream record
 * goes through the fan-out the way a real one does (the change read from its images, the live-item check, a
 * conditional delete of the copy its image implies, the SDK's signing, HTTP client and error unmarshalling of a
 * refused condition), so the classes and lazily built caches of that path are in the snapshot and no restored function
 * pays for them on its first batch.
 *
 * <p>The record is the REMOVE of an order that never existed (fresh ULIDs for it, its business and customer), with one
 * tag: every read finds nothing and every delete targets a key that cannot exist, so priming never changes data. An
 * order, because its key never changes, so an empty live-item Query is proof that it is gone; a customer or store found
 * nowhere is only gone on its tombstone, which a subject that never existed does not have (see Tombstone). A delete of
 * an absent item writes nothing and emits no stream record, and the record is not counted as a write of its business
 * (which would leave a write-rate window item behind). Priming runs only from the CRaC
 * {@code beforeCheckpoint} hook, i.e. only when Lambda takes a SnapStart snapshot; a function started without SnapStart
 * (the local runtime, {@code $LATEST}) never primes, as priming there would only move work from the first batch into
 * the init phase.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/snapstart-runtime-hooks-java.html">SnapStart runtime
 *     hooks</a>
 */
@Singleton
public class FanoutPriming implements Resource {
    private static final Logger LOG = Logger.getLogger(FanoutPriming.class);

    /** The priming order's tag; the key it makes, {@code tag#<business>#<this> / order#<fresh id>}, cannot exist. */
    static final String TAG = "snapstart-priming";

    private final StreamFanout fanout;

    public FanoutPriming(StreamFanout fanout) {
        this.fanout = fanout;
    }

    /** Registers the hook at start-up; the CRaC context keeps only a weak reference, this bean keeps it alive. */
    void register(@Observes StartupEvent event) {
        Core.getGlobalContext().register(this);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        long begin = System.nanoTime();
        boolean failed = prime();
        LOG.infof(
                "SnapStart priming: one REMOVE record fanned out in %d ms%s",
                (System.nanoTime() - begin) / 1_000_000, failed ? " and reported as failed (see the error above)" : "");
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        // Nothing to renew: the SDK client re-opens connections as needed, and the fan-out keeps no state that depends
        // on the moment or the execution environment it was initialised in.
    }

    /** Fans out the priming record; true when the fan-out reported it as failed (it is logged, never thrown). */
    boolean prime() {
        return !fanout.processUncounted(List.of(neverExistedOrderRemoved()))
                .getBatchItemFailures()
                .isEmpty();
    }

    private static Record neverExistedOrderRemoved() {
        Instant now = Instant.now();
        String orderId = Ids.newId();
        DeclaredItem order = DeclaredItem.of(
                Entity.ORDER,
                orderId,
                Ids.newId(),
                Map.of(
                        Attributes.CUSTOMER_ID,
                        Ids.newId(),
                        Attributes.STATUS,
                        "PLACED",
                        Attributes.CUSTOMER_SNAPSHOT,
                        Map.of(Attributes.FIRST_NAME, "Priming", Attributes.LAST_NAME, "SnapStart"),
                        Attributes.SHIP_TO,
                        new Address("1 Priming St", "Austin", "TX", "73301", "US").values(),
                        // No lines, so no SKU: its one copy is its tag's.
                        Attributes.LINES,
                        List.of()),
                CoreFields.created(Set.of(TAG), now),
                // Placed as the API places an order of a new business, as this never-existed one would be.
                ShardCount.first().shardFor(orderId, now));
        Map<String, AttributeValue> image = order.toItem();
        String partitionKey = TableLayout.ENTITY.partitionKey();
        String sortKey = TableLayout.ENTITY.sortKey();
        return Record.builder()
                .eventName(OperationType.REMOVE)
                .dynamodb(StreamRecord.builder()
                        .keys(Map.of(partitionKey, image.get(partitionKey), sortKey, image.get(sortKey)))
                        .oldImage(image)
                        .sequenceNumber("snapstart-priming")
                        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)
                        .build())
                .build();
    }
}
