package io.entitytable.faultrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.faultrun.World.Known;
import io.entitytable.model.Entity;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

/**
 * One API client of the run: picks a random operation (create, update, rename, link, unlink, tag, untag, delete) on
 * a random item the clients know, sends it, records the answer. Its choices come from its own seeded {@link Random}.
 * Some updates and deletes first read the item and send its version as If-Match, so that concurrent writers meet 412.
 */
final class RandomClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Few tags and names, so that clients collide on tag partitions and renames. */
    private static final List<String> TAGS = List.of("red", "green", "blue", "gold", "sale", "vip");

    private static final List<String> FIRST_NAMES = List.of("ann", "bob", "cara", "dev", "eve");
    private static final List<String> LAST_NAMES = List.of("smith", "jones", "brown", "lee", "khan", "diaz");
    private static final List<String> STORE_NAMES = List.of("downtown", "uptown", "harbour", "airport", "mall");
    private static final List<String> CITIES = List.of("austin", "dallas", "houston");

    private static final int MAX_PAUSE_MILLIS = 100;
    /** How often a create's answer is taken as lost (a timeout) and the create is sent again with its key. */
    private static final int LOST_ANSWER_ONE_IN = 4;

    private final HttpApi api;
    private final World world;
    private final OperationStats stats;
    private final RetriedCreates retries;
    private final Random random;

    RandomClient(HttpApi api, World world, OperationStats stats, RetriedCreates retries, long seed) {
        this.api = api;
        this.world = world;
        this.stats = stats;
        this.retries = retries;
        this.random = new Random(seed);
    }

    /** Sends operations until told to stop. */
    void runWhile(java.util.function.BooleanSupplier going) throws InterruptedException {
        while (going.getAsBoolean()) {
            step();
            // A user's pause between requests: without it four clients outrun the fan-out under faults many times
            // over, and the run measures the length of the backlog instead of the system.
            Thread.sleep(random.nextInt(MAX_PAUSE_MILLIS));
        }
    }

    /** One random operation; a pick that finds nothing to act on creates something instead. */
    void step() throws InterruptedException {
        int dice = random.nextInt(100);
        boolean done;
        if (dice < 14) {
            done = create();
        } else if (dice < 26) {
            done = update();
        } else if (dice < 36) {
            done = rename();
        } else if (dice < 50) {
            done = linking(OperationKind.LINK, "PUT");
        } else if (dice < 58) {
            done = linking(OperationKind.UNLINK, "DELETE");
        } else if (dice < 76) {
            done = tagging(OperationKind.TAG, "PUT");
        } else if (dice < 88) {
            done = tagging(OperationKind.UNTAG, "DELETE");
        } else {
            done = delete();
        }
        if (!done) {
            create();
        }
    }

    private boolean create() throws InterruptedException {
        Optional<Known> business = world.any(Entity.BUSINESS, random);
        int dice = random.nextInt(20);
        if (business.isEmpty() || dice == 0) {
            HttpApi.Answer answer = createWithKey(
                    "/" + Entity.BUSINESS.collection(),
                    JSON.createObjectNode().put("name", "business " + random.nextInt(1000)),
                    newKey(),
                    false);
            if (answer.status() == 201) {
                String id = answer.text("id");
                world.add(new Known(Entity.BUSINESS, id, id));
            }
            return true;
        }
        String businessId = business.get().id();
        if (dice < 9) {
            return createUnder(business.get(), Entity.CUSTOMER, this::customerBody, true);
        }
        if (dice < 15) {
            return createUnder(business.get(), Entity.STORE, key -> storeBody(), false);
        }
        Optional<Known> customer = world.anyIn(Entity.CUSTOMER, businessId, random);
        if (customer.isEmpty()) {
            return createUnder(business.get(), Entity.CUSTOMER, this::customerBody, true);
        }
        return createUnder(customer.get(), Entity.ORDER, this::orderBody, true);
    }

    /**
     * POST /businesses/{id}/customers, /businesses/{id}/stores or /customers/{id}/orders, with a fresh key that {@code
     * body} may carry as the subject's mark.
     *
     * @param marked whether {@code body} carries the key where the run finds it in the table afterwards
     */
    private boolean createUnder(Known parent, Entity entity, Function<String, ObjectNode> body, boolean marked)
            throws InterruptedException {
        String path = path(parent) + "/" + entity.collection();
        String key = newKey();
        HttpApi.Answer answer = createWithKey(path, body.apply(key), key, marked);
        if (answer.status() == 201) {
            world.add(new Known(entity, answer.text("id"), parent.businessId()));
        } else if (answer.status() == 404) {
            world.remove(parent);
        }
        return true;
    }

    private boolean update() throws InterruptedException {
        Entity entity = pick(EntityChoice.forChange());
        return onAny(entity, item -> patch(OperationKind.UPDATE, item, DeclaredChanges.of(entity, random)));
    }

    /** A rename moves the item to a new sort key: one Delete + Put transaction, REMOVE + INSERT on the stream. */
    private boolean rename() throws InterruptedException {
        boolean customer = random.nextBoolean();
        return onAny(customer ? Entity.CUSTOMER : Entity.STORE, item -> {
            ObjectNode body = customer
                    ? JSON.createObjectNode().put("lastName", pick(LAST_NAMES))
                    : JSON.createObjectNode().put("name", pick(STORE_NAMES));
            patch(OperationKind.RENAME, item, body);
        });
    }

    /** PUT or DELETE /customers/{id}/stores/{storeId} for a customer and a store of the same business. */
    private boolean linking(OperationKind kind, String method) throws InterruptedException {
        Optional<Known> customer = world.any(Entity.CUSTOMER, random);
        if (customer.isEmpty()) {
            return false;
        }
        Optional<Known> store = world.anyIn(Entity.STORE, customer.get().businessId(), random);
        if (store.isEmpty()) {
            return false;
        }
        send(kind, method, linkPath(customer.get(), store.get()), null, null);
        return true;
    }

    /** PUT or DELETE /{collection}/{id}/tags/{tag} on any kind of item. */
    private boolean tagging(OperationKind kind, String method) throws InterruptedException {
        return onAny(
                pick(EntityChoice.any()), item -> send(kind, method, path(item) + "/tags/" + pick(TAGS), null, null));
    }

    /**
     * Any kind of subject, a link target more often ({@link EntityChoice#forDelete}); a business only when empty
     * (usually 409).
     */
    private boolean delete() throws InterruptedException {
        Entity entity = pick(EntityChoice.forDelete());
        return onAny(entity, item -> {
            String path = path(item);
            // A subject others link (a store) may be deleted with its links: ?unlink=true.
            if (entity.linkedBy().isPresent() && random.nextBoolean()) {
                path += "?unlink=true";
            }
            Long ifMatch = random.nextInt(3) == 0 ? currentVersion(item) : null;
            HttpApi.Answer answer = send(OperationKind.DELETE, "DELETE", path, null, ifMatch);
            if (answer.status() == 202 || answer.status() == 204 || answer.status() == 404) {
                world.remove(item);
            }
        });
    }

    /** What an operation does to the item it picked. */
    private interface ItemAction {
        void on(Known item) throws InterruptedException;
    }

    /** Does {@code action} on a random item of {@code entity} the clients know: false when they know none. */
    private boolean onAny(Entity entity, ItemAction action) throws InterruptedException {
        Optional<Known> item = world.any(entity, random);
        if (item.isEmpty()) {
            return false;
        }
        action.on(item.get());
        return true;
    }

    /**
     * A create with an Idempotency-Key. One in {@link #LOST_ANSWER_ONE_IN}, and whenever the answer says to try again
     * (a 409 or 5xx) or none came, the client acts as if the answer was lost and sends the same request with the same
     * key again; the retry's answer is the one it goes on with.
     *
     * @param marked whether the body carries {@code key} where the run can find it in the table afterwards
     */
    private HttpApi.Answer createWithKey(String path, ObjectNode body, String key, boolean marked)
            throws InterruptedException {
        HttpApi.Answer first = api.send("POST", path, body, null, key);
        stats.record(OperationKind.CREATE, "POST", path, first);
        boolean retry = random.nextInt(LOST_ANSWER_ONE_IN) == 0
                || first.status() == 409
                || first.status() >= 500
                || first.status() < 0;
        if (!retry) {
            return first;
        }
        HttpApi.Answer again = api.send("POST", path, body, null, key);
        stats.record(OperationKind.RETRIED_CREATE, "POST", path, again);
        retries.record(path, key, marked, first, again);
        return again;
    }

    /** A key for one create: 32 hex digits, so a customer can carry it as a mailing address label. */
    private String newKey() {
        return HexFormat.of().toHexDigits(random.nextLong()) + HexFormat.of().toHexDigits(random.nextLong());
    }

    private void patch(OperationKind kind, Known item, ObjectNode body) throws InterruptedException {
        Long ifMatch = random.nextInt(3) == 0 ? currentVersion(item) : null;
        HttpApi.Answer answer = send(kind, "PATCH", path(item), body, ifMatch);
        if (answer.status() == 404) {
            world.remove(item);
        }
    }

    /** The item's version from a GET, or null when it is gone (the write that follows then meets 404). */
    private Long currentVersion(Known item) throws InterruptedException {
        HttpApi.Answer answer = send(OperationKind.READ, "GET", path(item), null, null);
        return answer.status() == 200 ? answer.number("version") : null;
    }

    private HttpApi.Answer send(OperationKind kind, String method, String path, ObjectNode body, Long ifMatch)
            throws InterruptedException {
        HttpApi.Answer answer = api.send(method, path, body, ifMatch);
        stats.record(kind, method, path, answer);
        return answer;
    }

    private static String path(Known item) {
        return "/" + item.entity().collection() + "/" + item.id();
    }

    private static String linkPath(Known customer, Known store) {
        return path(customer) + "/" + Entity.STORE.collection() + "/" + store.id();
    }

    /** A customer marked with {@code key}: a second mailing address labelled with it, which nothing changes. */
    private ObjectNode customerBody(String key) {
        ObjectNode body =
                JSON.createObjectNode().put("firstName", pick(FIRST_NAMES)).put("lastName", pick(LAST_NAMES));
        ObjectNode addresses = body.putObject("mailingAddresses");
        addresses.set("home", address());
        addresses.set(key, address());
        return body;
    }

    private ObjectNode storeBody() {
        ObjectNode body = JSON.createObjectNode().put("name", pick(STORE_NAMES));
        body.set("address", address());
        return body;
    }

    /** An order marked with {@code key}: its line's description, which nothing changes. */
    private ObjectNode orderBody(String key) {
        ObjectNode body = JSON.createObjectNode().put("shipTo", "home").put("paymentCard", "visa");
        ObjectNode line = body.putArray("lines").addObject();
        line.put("sku", "SKU-" + random.nextInt(50))
                .put("description", key)
                .put("quantity", 1 + random.nextInt(5))
                .put("unitPriceCents", 100 + random.nextInt(900));
        return body;
    }

    private ObjectNode address() {
        return JSON.createObjectNode()
                .put("street", (1 + random.nextInt(99)) + " Main St")
                .put("city", pick(CITIES))
                .put("state", "TX")
                .put("zip", "7330" + random.nextInt(10))
                .put("country", "US");
    }

    private <T> T pick(List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
