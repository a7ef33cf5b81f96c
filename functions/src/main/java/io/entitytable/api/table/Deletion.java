package io.entitytable.api.table;

import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What deleting a core item takes with it, all in one transaction: the other items of its collection (an order's
 * lines), the count on its business's counter, the business's own counters, the link counts on the stores a customer
 * lists; and what it leaves: a customer's or store's tombstone. The delete holds on the version read and, optionally,
 * on an internal counter being zero.
 *
 * @param current the core item as read; deleted at its version
 * @param collectionKeys the other items of its collection, deleted with it
 * @param businessToUncount the business whose {@code childCount} drops by one, if the item has one
 * @param counterAtZero an internal counter that must be absent or zero for the delete to happen: a business's {@code
 *     childCount}, a store's {@code linkCount}
 * @param targetsToUncount the linked subjects (stores) whose {@code linkCount} drops by one; each must still be at its key
 * @param countersAtZero counters deleted with the item, each on condition that it is zero (a business's child
 *     counters)
 * @param refresh a refresh pass asked for on the item's job, for copies too many to remove in this request (a
 *     linked store's)
 */
public record Deletion(
        Map<String, AttributeValue> current,
        List<ItemKey> collectionKeys,
        Optional<String> businessToUncount,
        Optional<String> counterAtZero,
        List<ItemKey> targetsToUncount,
        List<ItemKey> countersAtZero,
        Optional<RefreshRequest> refresh) {

    public Deletion {
        collectionKeys = List.copyOf(collectionKeys);
        targetsToUncount = List.copyOf(targetsToUncount);
        countersAtZero = List.copyOf(countersAtZero);
    }

    /** Deletes {@code current} at the version read, and nothing else until the builder says so. */
    public static Builder of(Map<String, AttributeValue> current) {
        return new Builder(current);
    }

    /** Whether the delete also puts the subject's tombstone (a customer's or store's: see Tombstone). */
    public boolean leavesTombstone() {
        return CoreItem.entityOf(current).leavesTombstone();
    }

    public static final class Builder {
        private final Map<String, AttributeValue> current;
        private List<ItemKey> collectionKeys = List.of();
        private String businessToUncount;
        private String counterAtZero;
        private List<ItemKey> targetsToUncount = List.of();
        private List<ItemKey> countersAtZero = List.of();
        private RefreshRequest refresh;

        private Builder(Map<String, AttributeValue> current) {
            this.current = current;
        }

        public Builder withCollection(List<ItemKey> keys) {
            this.collectionKeys = keys;
            return this;
        }

        public Builder uncountingOnBusiness(String businessId) {
            this.businessToUncount = businessId;
            return this;
        }

        public Builder onlyWhileZero(String counter) {
            this.counterAtZero = counter;
            return this;
        }

        public Builder uncountingOnTargets(List<ItemKey> targets) {
            this.targetsToUncount = targets;
            return this;
        }

        public Builder withCountersAtZero(List<ItemKey> counters) {
            this.countersAtZero = counters;
            return this;
        }

        public Builder requestingRefresh(RefreshRequest request) {
            this.refresh = request;
            return this;
        }

        public Deletion build() {
            return new Deletion(
                    current,
                    collectionKeys,
                    Optional.ofNullable(businessToUncount),
                    Optional.ofNullable(counterAtZero),
                    targetsToUncount,
                    countersAtZero,
                    Optional.ofNullable(refresh));
        }
    }
}
