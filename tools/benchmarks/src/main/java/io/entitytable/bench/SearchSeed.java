package io.entitytable.bench;

import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchDocument;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Core items for the search benchmark, either written straight into the table with BatchWriteItem while its stream is
 * on, so the search indexer indexes them through its real path (stream, pump, packaged indexer, bulk), or turned into
 * search documents for bulk indexing straight into the engine (seeding a large index through the local stream takes
 * too long on a small machine). Businesses, customers (with a mailing address), stores and orders (with one or two
 * lines, items of their own, as the API writes them) and the businesses' child counters; no links or tags.
 * Names come from small fixed lists, so a query finds a handful of items in a business, as a real one would.
 */
final class SearchSeed {
    static final List<String> FIRST_NAMES = List.of(
            "Ann", "Bruno", "Carla", "Diego", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Karin", "Liam",
            "Marta", "Nils", "Olga", "Pablo", "Quinn", "Rosa", "Sven", "Tara", "Ugo", "Vera", "Walt", "Xenia", "Yusuf",
            "Zoe", "Alonso", "Beatriz", "Chloe", "Dmitri");
    static final List<String> LAST_NAMES = List.of(
            "Smith",
            "Johnson",
            "Williams",
            "Brown",
            "Garcia",
            "Miller",
            "Davis",
            "Rodriguez",
            "Martinez",
            "Hernandez",
            "Lopez",
            "Gonzalez",
            "Wilson",
            "Anderson",
            "Thomas",
            "Taylor",
            "Moore",
            "Jackson",
            "Martin",
            "Lee",
            "Thompson",
            "White",
            "Harris",
            "Clark",
            "Lewis",
            "Robinson",
            "Walker",
            "Young",
            "Allen",
            "King",
            "Wright",
            "Scott",
            "Torres",
            "Nguyen",
            "Hill",
            "Flores",
            "Green",
            "Adams",
            "Nelson",
            "Baker",
            "Hall",
            "Rivera",
            "Campbell",
            "Mitchell",
            "Carter",
            "Roberts",
            "Quixote",
            "Okafor",
            "Schneider",
            "Fischer");
    static final List<String> CITIES = List.of(
            "Austin",
            "Boston",
            "Chicago",
            "Denver",
            "El Paso",
            "Fresno",
            "Georgetown",
            "Houston",
            "Irvine",
            "Jacksonville",
            "Kansas City",
            "Lincoln",
            "Madison",
            "Nashville",
            "Oakland",
            "Portland",
            "Raleigh",
            "Seattle",
            "Tucson",
            "Vancouver");
    static final List<String> STREETS =
            List.of("Main St", "Oak Ave", "Maple Rd", "Cedar Ln", "Elm St", "Pine Ct", "Lake Dr", "Hill Rd");
    /** Order line products: SKU and description. */
    static final List<String[]> PRODUCTS = List.of(
            new String[] {"CB-1", "walnut chessboard"},
            new String[] {"PEN-1", "blue ballpoint pens"},
            new String[] {"PAD-2", "yellow legal pads"},
            new String[] {"LMP-3", "brass desk lamp"},
            new String[] {"CHR-4", "ergonomic office chair"},
            new String[] {"MUG-5", "ceramic coffee mug"},
            new String[] {"BAG-6", "leather laptop bag"},
            new String[] {"CAL-7", "paper wall calendar"},
            new String[] {"INK-8", "black printer ink"},
            new String[] {"TAP-9", "clear packing tape"},
            new String[] {"SCI-10", "steel scissors"},
            new String[] {"GLB-11", "antique world globe"},
            new String[] {"CLK-12", "oak wall clock"},
            new String[] {"NTB-13", "spiral notebook"},
            new String[] {"STP-14", "heavy duty stapler"});

    static final List<String> STATUSES = List.of("OPEN", "PAID", "SHIPPED", "DELIVERED");

    private static final Instant CREATED = LinkedStoreSeed.CREATED;
    /** Items per BatchWriteItem call is 25; one task writes this many calls' worth. */
    private static final int ITEMS_PER_TASK = 250;

    /**
     * What was seeded.
     *
     * @param businessIds every business, those of both paths
     * @param throughStream documents written to the table and indexed by the indexer through the stream
     * @param tableItems table items of those (businesses, order lines included)
     * @param direct documents bulk-indexed straight into the engine
     */
    record Seeded(List<String> businessIds, int throughStream, int tableItems, int direct) {
        int documents() {
            return throughStream + direct;
        }
    }

    private SearchSeed() {}

    /** The core items of one business: about 60 % customers, 10 % stores, 30 % orders (with their lines). */
    static List<CoreItem> itemsOf(Random random, String businessId, int count) {
        List<CoreItem> items = new ArrayList<>();
        List<DeclaredItem> customers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int kind = i % 10;
            if (kind < 6 || customers.isEmpty()) {
                DeclaredItem customer = customer(random, businessId);
                customers.add(customer);
                items.add(customer);
            } else if (kind == 6) {
                items.add(store(random, businessId));
            } else {
                items.add(order(random, businessId, customers.get(random.nextInt(customers.size()))));
            }
        }
        return items;
    }

    /**
     * Writes {@code documents} indexable core items spread evenly over {@code businesses} new businesses into the table,
     * from the pool's threads (BatchWriteItem, 25 items a call), handing each one to {@code seeded} (in this thread);
     * returns the businesses and the table items written.
     */
    static Seeded writeToTable(
            DynamoDbClient dynamo,
            String table,
            int businesses,
            int documents,
            ExecutorService writers,
            Random random,
            Consumer<CoreItem> seeded) {
        List<String> businessIds = new ArrayList<>();
        List<Map<String, AttributeValue>> pending = new ArrayList<>();
        List<Future<?>> tasks = new ArrayList<>();
        int tableItems = 0;
        int written = 0;
        for (int b = 0; b < businesses; b++) {
            String businessId = Ids.newId();
            businessIds.add(businessId);
            pending.add(LinkedStoreSeed.businessItem(businessId, "Business " + b, ShardCount.legacy()));
            int count = b == businesses - 1 ? documents - written : documents / businesses;
            // The business's child counters, counting its customers and stores as the API does, so the API can add
            // children to a seeded business (it increments a counter that must exist).
            Map<ItemKey, Map<String, AttributeValue>> counters = new LinkedHashMap<>();
            ChildCounters.newItems(businessId).forEach(counter -> counters.put(ItemKey.of(counter), counter));
            for (CoreItem item : itemsOf(random, businessId, count)) {
                seeded.accept(item);
                pending.add(item.toItem());
                // The counters count the customers and stores (above); an order, the one subject seeded with the
                // other items of its collection (its lines), is not counted.
                List<Map<String, AttributeValue>> collection = item.collectionItems();
                pending.addAll(collection);
                if (collection.isEmpty()) {
                    Map<String, AttributeValue> counter = counters.get(ChildCounters.of(businessId, item.id()));
                    counter.put(Attributes.CHILD_COUNT, Values.n(Values.number(counter, Attributes.CHILD_COUNT) + 1));
                }
            }
            pending.addAll(counters.values());
            written += count;
            if (pending.size() >= ITEMS_PER_TASK) {
                tableItems += pending.size();
                tasks.add(submit(writers, dynamo, table, pending));
                pending = new ArrayList<>();
            }
        }
        tableItems += pending.size();
        tasks.add(submit(writers, dynamo, table, pending));
        Waits.forAll(tasks, "seeding");
        return new Seeded(businessIds, documents, tableItems, 0);
    }

    /**
     * The search documents of {@code documents} core items over {@code businesses} new businesses, built as the indexer
     * builds them ({@link SearchDocument#of} from each item's image and an order's lines), for indexing straight into
     * the engine; the table never holds these items.
     */
    static Map<String, List<SearchDocument>> documentsByBusiness(int businesses, int documents, Random random) {
        Map<String, List<SearchDocument>> byBusiness = new LinkedHashMap<>();
        int made = 0;
        for (int b = 0; b < businesses; b++) {
            String businessId = Ids.newId();
            int count = b == businesses - 1 ? documents - made : documents / businesses;
            List<SearchDocument> list = new ArrayList<>();
            for (CoreItem item : itemsOf(random, businessId, count)) {
                list.add(
                        SearchDocument.of(item.toItem(), item.collectionItems()).orElseThrow());
            }
            made += count;
            byBusiness.put(businessId, list);
        }
        return byBusiness;
    }

    private static Future<?> submit(
            ExecutorService writers, DynamoDbClient dynamo, String table, List<Map<String, AttributeValue>> items) {
        return writers.submit(() -> LinkedStoreSeed.putAll(dynamo, table, items));
    }

    private static DeclaredItem customer(Random random, String businessId) {
        String first = pick(random, FIRST_NAMES);
        String last = pick(random, LAST_NAMES);
        String id = Ids.newId();
        return SeedCustomers.customer(
                id,
                businessId,
                first,
                last,
                first.toLowerCase() + "." + last.toLowerCase() + random.nextInt(1000) + "@example.com",
                Map.of("home", address(random)),
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(id));
    }

    private static DeclaredItem store(Random random, String businessId) {
        Address address = address(random);
        String storeId = Ids.newId();
        String name = address.city() + " " + pick(random, List.of("Outlet", "Depot", "Corner", "Center", "Market"));
        return new DeclaredItem(
                Entity.STORE,
                storeId,
                businessId,
                Map.of("name", name, "address", address.values()),
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(storeId));
    }

    private static DeclaredItem order(Random random, String businessId, DeclaredItem customer) {
        List<Map<String, Object>> lines = new ArrayList<>();
        int lineCount = 1 + random.nextInt(2);
        for (int n = 1; n <= lineCount; n++) {
            String[] product = pick(random, PRODUCTS);
            lines.add(Map.of(
                    Attributes.SKU,
                    product[0],
                    Attributes.DESCRIPTION,
                    product[1],
                    Attributes.QUANTITY,
                    1 + random.nextInt(5),
                    Attributes.UNIT_PRICE_CENTS,
                    100 + random.nextInt(5000)));
        }
        String orderId = Ids.newId();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(Attributes.CUSTOMER_ID, customer.id());
        values.put(Attributes.STATUS, pick(random, STATUSES));
        values.put(Attributes.PAYMENT_CARD, "visa");
        values.put(
                Attributes.CUSTOMER_SNAPSHOT,
                Map.of(
                        Attributes.FIRST_NAME,
                        customer.text(Attributes.FIRST_NAME).orElseThrow(),
                        Attributes.LAST_NAME,
                        customer.text(Attributes.LAST_NAME).orElseThrow()));
        values.put(
                Attributes.SHIP_TO,
                customer.labelled(Attributes.MAILING_ADDRESSES, "home").orElseThrow());
        values.put(Attributes.LINES, lines);
        return DeclaredItem.of(
                Entity.ORDER,
                orderId,
                businessId,
                values,
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(orderId));
    }

    private static Address address(Random random) {
        return new Address(
                (1 + random.nextInt(999)) + " " + pick(random, STREETS), pick(random, CITIES), "TX", "73301", "US");
    }

    static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
