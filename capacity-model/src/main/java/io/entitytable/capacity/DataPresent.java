package io.entitytable.capacity;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.search.repair.SegmentScan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The capacity model of the data present in a table: the workload's shape (how many businesses, how large the largest,
 * lines per order, tags, links) is derived from the items the table holds, its rates and read mix are the reference
 * workload's, and the model runs for the current layout. The largest business has the shard count stored on its
 * business item ({@link ShardCount#of}: the old fixed layout's when it stores none), as the table lays it out now. What
 * the items cannot tell (an empty table, one with no order) is the reference workload's, and the answer names the
 * fields that were derived.
 *
 * <p>It reads the whole table with a Scan. That is allowed here and nowhere on a request's path: this is an operator's
 * check, run on demand (the local console's Checks), whose cost grows with the table and answers no API request.
 */
public record DataPresent(DynamoDbClient dynamo, String table) {
    /** Scans the table, derives the workload's shape from its subjects and runs the model on it. */
    public PresentCapacity capacity() {
        Shape shape = new Shape();
        // The operators' one way to read a whole table: the index rebuild's segment Scan, as verify reads it.
        new SegmentScan(dynamo, table, 1).pages(0, new DoubleAdder(), (page, lastKey) -> page.forEach(shape::add));
        return shape.capacity(table, Workload.reference());
    }

    /** What the subjects of the table say about the workload's shape; items are told apart by the table model. */
    private static final class Shape {
        private long items;
        private long businesses;
        private long orders;
        private long orderLines;
        private long taggedOrders;
        private final Map<String, ShardCount> shardsByBusiness = new HashMap<>();
        private final Map<String, Long> ordersByBusiness = new HashMap<>();
        private final Map<String, Long> orderTags = new HashMap<>();
        private long customers;
        private long customerStoreIds;
        private long taggedCustomers;
        private final Map<String, Long> customerTags = new HashMap<>();
        private long stores;
        private long storeLinks;
        private long mostStoreLinks;

        void add(Map<String, AttributeValue> item) {
            items++;
            if (!CoreItem.isCore(item)) {
                return;
            }
            CoreItem subject = CoreItem.from(item);
            if (subject.entity().isTenant()) {
                businesses++;
                shardsByBusiness.put(subject.id(), ShardCount.of(item));
            } else if (subject instanceof DeclaredItem order && order.entity().isCopiedUnderEachSku()) {
                // An order, the subject copied under its SKUs, whose lines are the items of its collection.
                orders++;
                orderLines += order.entity().itemFields().stream()
                        .mapToLong(field -> Values.number(item, field.countAttribute()))
                        .sum();
                ordersByBusiness.merge(order.businessId(), 1L, Long::sum);
                taggedOrders += count(order.tags(), orderTags);
            } else if (subject instanceof DeclaredItem customer
                    && customer.entity().link().isPresent()) {
                // A customer, the subject that links stores.
                customers++;
                customerStoreIds += customer.linked().size();
                taggedCustomers += count(customer.tags(), customerTags);
            } else if (subject.entity().linkedBy().isPresent()) {
                // A store, the subject customers link: how many list it is an internal counter on its item.
                long links = Values.number(item, Attributes.LINK_COUNT);
                stores++;
                storeLinks += links;
                mostStoreLinks = Math.max(mostStoreLinks, links);
            }
        }

        PresentCapacity capacity(String table, Workload reference) {
            List<String> derived = new ArrayList<>();
            int businessCount = reference.businesses();
            if (businesses > 0) {
                businessCount = (int) businesses;
                derived.add("businesses");
            }

            String largestBusiness = null;
            double largestShare = 0;
            double largestPerSecond = reference.largestBusinessOrdersPerSecond();
            int linesPerOrder = reference.linesPerOrder();
            double taggedOrderFraction = reference.taggedOrderFraction();
            String orderTag = reference.orderTag();
            if (orders > 0) {
                Map.Entry<String, Long> largest = mostCommon(ordersByBusiness);
                largestBusiness = largest.getKey();
                largestShare = (double) largest.getValue() / orders;
                largestPerSecond = reference.ordersPerSecond() * largestShare;
                linesPerOrder = (int) Math.max(1, Math.round((double) orderLines / orders));
                taggedOrderFraction = (double) taggedOrders / orders;
                derived.addAll(List.of("largestBusinessOrdersPerSecond", "linesPerOrder", "taggedOrderFraction"));
                if (!orderTags.isEmpty()) {
                    orderTag = mostCommon(orderTags).getKey();
                    derived.add("orderTag");
                }
            }

            double taggedCustomerFraction = reference.taggedCustomerFraction();
            String customerTag = reference.customerTag();
            int storesPerCustomer = reference.storesPerCustomer();
            if (customers > 0) {
                taggedCustomerFraction = (double) taggedCustomers / customers;
                storesPerCustomer = (int) Math.round((double) customerStoreIds / customers);
                derived.addAll(List.of("taggedCustomerFraction", "storesPerCustomer"));
                if (!customerTags.isEmpty()) {
                    customerTag = mostCommon(customerTags).getKey();
                    derived.add("customerTag");
                }
            }

            int customersPerStore = reference.customersPerStore();
            int bigStoreLinkedCustomers = reference.bigStoreLinkedCustomers();
            if (stores > 0) {
                customersPerStore = (int) Math.round((double) storeLinks / stores);
                bigStoreLinkedCustomers = (int) mostStoreLinks;
                derived.addAll(List.of("customersPerStore", "bigStoreLinkedCustomers"));
            }

            Workload workload = new Workload(
                    String.format(
                            Locale.ROOT,
                            "The data present in %s (%,d items): its shape with the reference workload's rates and"
                                    + " read mix.",
                            table,
                            items),
                    businessCount,
                    reference.ordersPerSecond(),
                    largestPerSecond,
                    linesPerOrder,
                    reference.statusChangesPerOrder(),
                    taggedOrderFraction,
                    orderTag,
                    reference.customersCreatedPerSecond(),
                    taggedCustomerFraction,
                    customerTag,
                    reference.storesCreatedPerSecond(),
                    reference.tagsPerSecond(),
                    reference.linksPerSecond(),
                    storesPerCustomer,
                    reference.storeRenamesPerSecond(),
                    customersPerStore,
                    bigStoreLinkedCustomers,
                    reference.bigStoreRenamesPerHour(),
                    reference.readsPerSecond(),
                    reference.pageSize(),
                    reference.readMix());

            // A key names the business only if it reads as an id; otherwise the model takes it for a shared key.
            boolean realBusiness = largestBusiness != null && Ids.isValid(largestBusiness);
            // The business's own count, as its item stores it (none: the old fixed layout's); with no order, no
            // business is the largest and the drawn one has the count its rate gives it.
            ShardCount shards = largestBusiness == null
                    ? null
                    : shardsByBusiness.getOrDefault(largestBusiness, ShardCount.legacy());
            CapacityModel model =
                    new CapacityModel(workload, ModelledLayout.CURRENT, realBusiness ? largestBusiness : null, shards);
            Load load = model.steadyLoad();
            List<PresentCapacity.Target> hottest = new ArrayList<>();
            load.hottest(ModelledLayout.CURRENT, Load.HOTTEST)
                    .forEach((target, partitions) -> hottest.add(new PresentCapacity.Target(
                            target,
                            partitions.stream()
                                    .map(partition -> new PresentCapacity.Partition(
                                            partition.key(),
                                            partition.writeUnits(),
                                            partition.readUnits(),
                                            partition.utilisation()))
                                    .toList())));
            return new PresentCapacity(
                    table,
                    items,
                    workload,
                    List.copyOf(derived),
                    largestBusiness,
                    largestShare,
                    model.shards().count(),
                    !realBusiness,
                    List.copyOf(hottest));
        }

        /** Counts each tag of a subject; 1 if it has any. */
        private static long count(Set<String> tags, Map<String, Long> counts) {
            tags.forEach(tag -> counts.merge(tag, 1L, Long::sum));
            return tags.isEmpty() ? 0 : 1;
        }

        /** The most frequent key; of equally frequent ones, the first in order, so that the answer is stable. */
        private static Map.Entry<String, Long> mostCommon(Map<String, Long> counts) {
            return counts.entrySet().stream()
                    .max(Map.Entry.<String, Long>comparingByValue()
                            .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                    .orElseThrow();
        }
    }
}
