package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A mixed load of API writes (creates, renames, links, tags of one business's customers and stores, and now and then
 * a rename of the big seeded store, which is a refresh job), one at a time, with what the API acknowledged kept in a
 * ledger. A write cut by a kill gets no answer: its subject may show it or not, so it is kept apart and that subject
 * gets no further writes. {@link #assertNothingLost} reads the core items from the table and checks every
 * acknowledged write.
 */
final class CrashLoad {
    private static final List<String> TAGS = List.of("vip", "gold", "new");
    /** Between two writes: about 25 a second, half the business's request share. */
    private static final long PACE_MILLIS = 40;

    private final Random random;
    private final String business;
    private final String bigStoreId;
    private final Map<String, String> customerNames = new HashMap<>();
    private final Map<String, Set<String>> customerStores = new HashMap<>();
    private final Map<String, Set<String>> customerTags = new HashMap<>();
    private final Map<String, String> storeNames = new HashMap<>();
    private final Map<String, Set<String>> storeTags = new HashMap<>();
    /** Subjects whose last write got no answer, with the value it asked for (null: not a rename). */
    private final Map<String, String> unanswered = new HashMap<>();

    private final AtomicBoolean writing = new AtomicBoolean();
    private final AtomicBoolean outage = new AtomicBoolean();
    private final AtomicBoolean bigRenameAsked = new AtomicBoolean();
    private final AtomicBoolean bigRenameInFlight = new AtomicBoolean();
    private final AtomicInteger acknowledged = new AtomicInteger();
    private final AtomicInteger cut = new AtomicInteger();
    private final List<String> unexpected = new ArrayList<>();
    private volatile FrontDoorClient api;
    private volatile long bigStoreVersion;
    private Thread writer;
    private int sequence;

    CrashLoad(FrontDoorClient api, Random random, String bigStoreId) {
        this.api = api;
        this.random = random;
        this.bigStoreId = bigStoreId;
        this.business = api.createBusiness("Crash Co");
    }

    /** Writes in the background until {@link #stop()}. */
    void start() {
        writing.set(true);
        writer = new Thread(this::writeUntilStopped, "crash-load");
        writer.start();
    }

    /** The next write is a rename of the big store (its refresh job). */
    void renameBigStoreNext() {
        bigRenameAsked.set(true);
    }

    /** Waits until the rename asked by {@link #renameBigStoreNext()} was acknowledged; false if not within the timeout. */
    boolean awaitBigStoreRenamed(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (bigRenameAsked.get() || bigRenameInFlight.get()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** A kill follows: a write that fails from now on was cut by it. */
    void expectOutage() {
        outage.set(true);
    }

    /** The system is up again (with a client of its new start). */
    void resume(FrontDoorClient restarted) {
        api = restarted;
        outage.set(false);
    }

    void stop() throws InterruptedException {
        writing.set(false);
        outage.set(false);
        writer.join();
    }

    /** The big store's version after its last acknowledged rename (0 before any). */
    long bigStoreVersion() {
        return bigStoreVersion;
    }

    int acknowledged() {
        return acknowledged.get();
    }

    int cut() {
        return cut.get();
    }

    private void writeUntilStopped() {
        while (writing.get()) {
            if (outage.get()) {
                pause(50);
                continue;
            }
            Runnable write = nextWrite();
            if (write != null) {
                write.run();
            }
            pause(PACE_MILLIS);
        }
    }

    /** Picks a write at random among those that make sense now. */
    private Runnable nextWrite() {
        int n = ++sequence;
        if (bigRenameAsked.get()) {
            String name = "Big " + n;
            bigRenameInFlight.set(true);
            bigRenameAsked.set(false);
            return () -> {
                attempt(bigStoreId, name, () -> bigStoreVersion = api.renameStore(bigStoreId, name));
                bigRenameInFlight.set(false);
            };
        }
        List<String> customers = certain(customerNames.keySet());
        List<String> stores = certain(storeNames.keySet());
        int choice = random.nextInt(10);
        if (choice < 2 || customers.isEmpty()) {
            String last = "Last" + n;
            return () -> attemptCreate(() -> {
                String id = api.createCustomer(business, "First" + n, last);
                customerNames.put(id, last);
                customerStores.put(id, new HashSet<>());
                customerTags.put(id, new HashSet<>());
            });
        }
        if (choice < 3 || stores.isEmpty()) {
            String name = "Store " + n;
            return () -> attemptCreate(() -> {
                String id = api.createStore(business, name, "Austin");
                storeNames.put(id, name);
                storeTags.put(id, new HashSet<>());
            });
        }
        String customer = customers.get(random.nextInt(customers.size()));
        String store = stores.get(random.nextInt(stores.size()));
        String tag = TAGS.get(random.nextInt(TAGS.size()));
        return switch (choice) {
            case 3 -> {
                String last = "Renamed" + n;
                yield () -> attempt(customer, last, () -> {
                    api.renameCustomer(customer, last);
                    customerNames.put(customer, last);
                });
            }
            case 4 -> {
                String name = "Store " + n;
                yield () -> attempt(store, name, () -> {
                    api.renameStore(store, name);
                    storeNames.put(store, name);
                });
            }
            case 5, 6 -> () -> attempt(customer, null, () -> {
                api.link(customer, store);
                customerStores.get(customer).add(store);
            });
            case 7, 8 -> () -> attempt(customer, null, () -> {
                api.tag(Entity.CUSTOMER, customer, tag);
                customerTags.get(customer).add(tag);
            });
            default -> () -> attempt(store, null, () -> {
                api.tag(Entity.STORE, store, tag);
                storeTags.get(store).add(tag);
            });
        };
    }

    private List<String> certain(Set<String> ids) {
        return ids.stream().filter(id -> !unanswered.containsKey(id)).sorted().toList();
    }

    private void attemptCreate(Runnable write) {
        attempt(null, null, write);
    }

    /** Runs a write; one that fails during an outage was cut by the kill, any other failure is a finding. */
    private void attempt(String subject, String askedValue, Runnable write) {
        try {
            write.run();
            acknowledged.incrementAndGet();
        } catch (RuntimeException | AssertionError e) {
            if (outage.get()) {
                cut.incrementAndGet();
                if (subject != null) {
                    unanswered.put(subject, askedValue);
                }
            } else {
                unexpected.add(e.toString());
            }
        }
    }

    /**
     * Every acknowledged write is in the core items: each created subject exists, with its last acknowledged name (or
     * the name of a rename the kill cut, which may have been applied), every acknowledged link and tag.
     */
    void assertNothingLost(DynamoDbClient dynamo, String table) {
        assertThat(unexpected).as("writes that failed while the system was up").isEmpty();
        for (Map.Entry<String, String> customer : customerNames.entrySet()) {
            Map<String, AttributeValue> item = core(dynamo, table, Entity.CUSTOMER, customer.getKey());
            assertName(item, Attributes.LAST_NAME, customer.getKey(), customer.getValue());
            assertThat(Values.set(item, Attributes.STORE_IDS)).containsAll(customerStores.get(customer.getKey()));
            assertThat(Values.set(item, Attributes.TAGS)).containsAll(customerTags.get(customer.getKey()));
        }
        for (Map.Entry<String, String> store : storeNames.entrySet()) {
            Map<String, AttributeValue> item = core(dynamo, table, Entity.STORE, store.getKey());
            assertName(item, Attributes.NAME, store.getKey(), store.getValue());
            assertThat(Values.set(item, Attributes.TAGS)).containsAll(storeTags.get(store.getKey()));
        }
        if (bigStoreVersion > 0) {
            Map<String, AttributeValue> big = core(dynamo, table, Entity.STORE, bigStoreId);
            assertThat(Values.number(big, Attributes.VERSION)).isGreaterThanOrEqualTo(bigStoreVersion);
        }
        System.out.printf(
                "[test] ledger: %d acknowledged writes checked (%d customers, %d stores), %d cut by the kills%n",
                acknowledged.get(), customerNames.size(), storeNames.size(), cut.get());
    }

    private void assertName(Map<String, AttributeValue> item, String attribute, String id, String acknowledged) {
        String found = Values.string(item, attribute);
        if (unanswered.containsKey(id) && unanswered.get(id) != null) {
            assertThat(found).as(id).isIn(acknowledged, unanswered.get(id));
        } else {
            assertThat(found).as(id).isEqualTo(acknowledged);
        }
    }

    /** The subject's core item (a test's strongly consistent Query of its partition). */
    private static Map<String, AttributeValue> core(DynamoDbClient dynamo, String table, Entity entity, String id) {
        List<Map<String, AttributeValue>> items = dynamo.query(request -> request.tableName(table)
                        .keyConditionExpression("#id = :id AND begins_with(#type, :prefix)")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID, "#type", Attributes.TYPE))
                        .expressionAttributeValues(
                                Map.of(":id", Values.s(id), ":prefix", Values.s(Keys.typePrefix(entity))))
                        .consistentRead(true))
                .items();
        assertThat(items).as(entity + " " + id + " is gone").isNotEmpty();
        return items.get(0);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
