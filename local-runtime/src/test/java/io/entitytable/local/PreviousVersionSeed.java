package io.entitytable.local;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.Business;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Customer;
import io.entitytable.model.CustomerSnapshot;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Order;
import io.entitytable.model.OrderLine;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * TEST ONLY: a table as the version before patterns 14 and 15 left it, written straight into the local engine: a
 * business, its child counters, customers and their orders whose items hold everything this version's records write
 * except the backfills' index attributes, and none of the SKU copies those imply (all the previous version's items
 * lacked), and no backfill progress. Emails come from a small pool in mixed case, so each address is several
 * customers'; every third customer has none. Each order has one to three lines of SKUs from a small pool, a SKU on two
 * lines now and then.
 */
final class PreviousVersionSeed {
    static final Instant CREATED = Instant.parse("2026-10-01T10:00:00Z");
    static final int EMAILS = 200;
    static final int SKUS = 20;
    private static final Address HOME = new Address("1 Main St", "Austin", "TX", "73301", "US");

    /**
     * The business, each customer's email as written (null for none) in the order written, and each order's SKUs.
     */
    record Seeded(String business, Map<String, String> emails, Map<String, Set<String>> orderSkus) {}

    private PreviousVersionSeed() {}

    static Seeded write(DynamoDbClient dynamo, String table, int customers, int orders) {
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            dynamo.deleteItem(request -> request.tableName(table)
                    .key(BackfillProgress.keyOf(backfill.name()).toAttributes()));
        }
        StreamSpecification stream = dynamo.describeTable(request -> request.tableName(table))
                .table()
                .streamSpecification();
        // As an import: the seed is in the table before the stream path starts, not in its stream.
        dynamo.updateTable(request -> request.tableName(table)
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build()));
        String businessId = Ids.newId();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(
                new Business(businessId, "Before patterns 14 and 15", CoreFields.created(Set.of(), CREATED)).toItem());
        Map<String, String> emails = new LinkedHashMap<>();
        List<Customer> written = new ArrayList<>();
        Map<ItemKey, Map<String, AttributeValue>> counters = new LinkedHashMap<>();
        ChildCounters.newItems(businessId).forEach(counter -> counters.put(ItemKey.of(counter), counter));
        for (int i = 0; i < customers; i++) {
            String id = Ids.newId();
            String email = i % 3 == 0 ? null : email(i % EMAILS, i);
            Customer customer = new Customer(
                    id,
                    businessId,
                    "Pat",
                    "Before" + i,
                    email,
                    Map.of("home", HOME),
                    Set.of(),
                    CoreFields.created(Set.of(), CREATED),
                    Shard.legacy(id));
            items.add(IndexBackfill.CUSTOMERS_BY_EMAIL.without(customer.toItem()));
            emails.put(id, email);
            written.add(customer);
            counted(counters, businessId, id);
        }
        Map<String, Set<String>> orderSkus = new LinkedHashMap<>();
        for (int i = 0; i < orders; i++) {
            Order order = order(written.get(i * 7 % written.size()), i);
            items.add(IndexBackfill.ORDERS_BY_SKU.without(order.toItem()));
            items.addAll(order.lineItems());
            orderSkus.put(order.id(), order.skus());
            counted(counters, businessId, order.id());
        }
        items.addAll(counters.values());
        for (int from = 0; from < items.size(); from += 25) {
            List<WriteRequest> batch = items.subList(from, Math.min(items.size(), from + 25)).stream()
                    .map(item -> WriteRequest.builder()
                            .putRequest(PutRequest.builder().item(item).build())
                            .build())
                    .toList();
            Map<String, List<WriteRequest>> left = Map.of(table, batch);
            while (!left.isEmpty()) {
                Map<String, List<WriteRequest>> request = left;
                left = dynamo.batchWriteItem(batch2 -> batch2.requestItems(request))
                        .unprocessedItems();
            }
        }
        dynamo.updateTable(request -> request.tableName(table).streamSpecification(stream));
        return new Seeded(businessId, emails, orderSkus);
    }

    /** One of the pool's SKUs. */
    static String sku(int n) {
        return "SKU-" + n;
    }

    /** The {@code i}th order: one line, a second on every second order, a third (often of a SKU again) on every fifth. */
    private static Order order(Customer customer, int i) {
        List<OrderLine> lines = new ArrayList<>();
        lines.add(new OrderLine(1, sku(i % SKUS), "Item", 1, 150));
        if (i % 2 == 0) {
            lines.add(new OrderLine(2, sku(i * 3 % SKUS), "Item", 2, 100));
        }
        if (i % 5 == 0) {
            lines.add(new OrderLine(lines.size() + 1, sku(i * 11 % SKUS), "Item", 1, 250));
        }
        String id = Ids.newId();
        return new Order(
                id,
                customer.businessId(),
                customer.id(),
                "OPEN",
                lines.stream().mapToLong(OrderLine::amountCents).sum(),
                "visa",
                new CustomerSnapshot(customer.firstName(), customer.lastName()),
                HOME,
                lines,
                lines.size(),
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(id));
    }

    private static void counted(Map<ItemKey, Map<String, AttributeValue>> counters, String businessId, String child) {
        Map<String, AttributeValue> counter = counters.get(ChildCounters.of(businessId, child));
        counter.put(Attributes.CHILD_COUNT, Values.n(Values.number(counter, Attributes.CHILD_COUNT) + 1));
    }

    /** One of the pool's addresses, in a letter case that changes with the customer. */
    static String email(int address, int customer) {
        String plain = "pat." + address + "@example.com";
        return customer % 2 == 0 ? plain : plain.toUpperCase(java.util.Locale.ROOT);
    }
}
