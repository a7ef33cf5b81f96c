package io.entitytable.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.entitytable.client.api.BusinessesApi;
import io.entitytable.client.api.CustomersApi;
import io.entitytable.client.api.OperationsApi;
import io.entitytable.client.api.OrdersApi;
import io.entitytable.client.api.RelationshipsAndTagsApi;
import io.entitytable.client.api.StoresApi;
import io.entitytable.client.model.AccessPattern;
import io.entitytable.client.model.Business;
import io.entitytable.client.model.Capacity;
import io.entitytable.client.model.CreateBusiness;
import io.entitytable.client.model.CreateCustomer;
import io.entitytable.client.model.CreateCustomerMailingAddressesValue;
import io.entitytable.client.model.CreateOrder;
import io.entitytable.client.model.CreateOrderLinesInner;
import io.entitytable.client.model.CreateStore;
import io.entitytable.client.model.CreateStoreAddress;
import io.entitytable.client.model.Customer;
import io.entitytable.client.model.FieldError;
import io.entitytable.client.model.IndexBackfill;
import io.entitytable.client.model.Order;
import io.entitytable.client.model.PageCustomerResponse;
import io.entitytable.client.model.PageSubjectResponse;
import io.entitytable.client.model.PatchBusiness;
import io.entitytable.client.model.PatchCustomer;
import io.entitytable.client.model.PatchOrder;
import io.entitytable.client.model.PatchStore;
import io.entitytable.client.model.Problem;
import io.entitytable.client.model.SetCapacity;
import io.entitytable.client.model.Store;
import io.entitytable.client.model.SubjectResponse;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Try it" scenario through the client generated from {@code functions/openapi.json}, against the whole
 * local system (both packaged functions and the stream pump) in this JVM. It proves the published contract is usable
 * as it stands: every call below uses the generated operation names and types, and every response, lists of mixed
 * subjects and problem documents included, is read by the generated models.
 */
class GeneratedClientTryItTest {
    /** Far above the stream's lag here (under a second: the pump's poll plus the fan-out's work). */
    private static final Duration FANOUT_VISIBLE_WITHIN = Duration.ofSeconds(20);
    /** Far above the engine's index lag (DynamoDB's: 5 ms median, 50 ms p99). */
    private static final Duration CATCH_UP_WITHIN = Duration.ofSeconds(30);
    /** A well-formed ULID that names nothing. */
    private static final String UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

    @TempDir
    static Path dataFolder;

    private static LocalSystem system;
    private static ApiClient client;
    private static BusinessesApi businesses;
    private static CustomersApi customers;
    private static StoresApi stores;
    private static OrdersApi orders;
    private static RelationshipsAndTagsApi copies;

    @BeforeAll
    static void startTheLocalSystemAndTheClient() {
        LocalOptions options =
                new LocalOptions(RepositoryRoot.find(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity");
        assertThat(options.zipOf(FunctionDefinition.API)).isRegularFile();
        assertThat(options.zipOf(FunctionDefinition.STREAM_FANOUT)).isRegularFile();
        system = LocalSystem.start(options, System.out);
        client = new ApiClient();
        // The local front door is plain http: HTTP/1.1, as curl and browsers speak it, rather than java.net.http's
        // default attempt to upgrade to cleartext HTTP/2 (h2c), which that server does not serve reliably for large
        // bodies. Against API Gateway (https) the default is right.
        client.setHttpClientBuilder(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1));
        client.updateBaseUri("http://localhost:" + system.apiPort());
        // Every route needs a bearer token, locally as behind the deployed HTTP API's JWT authorizer: an operator's,
        // minted by the local system's issuer, on every request the generated operations build.
        String authorization = "Bearer " + system.issuer().operatorToken();
        client.setRequestInterceptor(request -> request.header("Authorization", authorization));
        businesses = new BusinessesApi(client);
        customers = new CustomersApi(client);
        stores = new StoresApi(client);
        orders = new OrdersApi(client);
        copies = new RelationshipsAndTagsApi(client);
    }

    @AfterAll
    static void stopTheLocalSystem() {
        if (system != null) {
            system.close();
        }
    }

    @Test
    void tryIt_shouldServeEveryAccessPattern_throughTheGeneratedClient() throws ApiException {
        // GIVEN the README's business, customer, store and order, created through the client
        Acme acme = Acme.create("Acme Office Supply");
        awaitIndexesCaughtUp();

        // WHEN every read of access patterns 1-9 and 14 is made
        var business = businesses.getBusinessWithHttpInfo(acme.business());
        PageSubjectResponse everything = businesses.listBusinessItems(acme.business(), "10", null);
        PageCustomerResponse smiths = customers.listCustomersByName(acme.business(), null, null, "SMI", null);
        PageCustomerResponse anns = customers.listCustomersByName(acme.business(), "ANN@Example.com", null, null, null);
        var openVisaOrders = orders.listOrders(
                acme.business(), null, "2020-01-01T00:00:00Z", null, null, null, "visa", null, "OPEN", null);
        var austinStores = stores.listStoresByLocation(acme.business(), "Austin", "US", null, null, null, "TX", null);
        var customer = customers.getCustomerWithHttpInfo(acme.customer());
        var annsOrders = orders.listCustomerOrders(acme.customer(), null, null);
        Order order = orders.getOrder(acme.order());
        var openOrders = orders.listOrders(acme.business(), null, null, null, null, null, null, null, "OPEN", null);

        // THEN each answers what the README says, in the generated types
        assertThat(business.getStatusCode()).isEqualTo(200);
        assertThat(business.getData().getName()).isEqualTo("Acme Office Supply");
        assertThat(business.getData().getEntity()).isEqualTo(Business.EntityEnum.BUSINESS);
        assertThat(etag(business)).isEqualTo("\"" + business.getData().getVersion() + "\"");
        // AND the mixed list reads each subject as its own model, the business first
        assertThat(everything.getItems())
                .extracting(GeneratedClientTryItTest::actual)
                .hasExactlyElementsOfTypes(Business.class, Customer.class, Order.class, Store.class);
        assertThat(ids(everything)).containsExactly(acme.business(), acme.customer(), acme.order(), acme.store());
        assertThat(everything.getNext()).isNull();
        assertThat(smiths.getItems()).extracting(Customer::getId).containsExactly(acme.customer());
        assertThat(anns.getItems()).extracting(Customer::getId).containsExactly(acme.customer());
        // AND the operators' view says why pattern 14 answers: its backfill is ready (a new table needs no pass)
        AccessPattern byEmail = new OperationsApi(client)
                .listAccessPatterns().getPatterns().stream()
                        .filter(pattern -> "customers-by-email".equals(pattern.getName()))
                        .findFirst()
                        .orElseThrow();
        assertThat(byEmail.getNumber()).isEqualTo(14);
        assertThat(byEmail.getReady()).isTrue();
        assertThat(byEmail.getBackfill().getPhase()).isEqualTo(IndexBackfill.PhaseEnum.READY);
        assertThat(openVisaOrders.getItems()).extracting(Order::getId).containsExactly(acme.order());
        assertThat(austinStores.getItems()).extracting(Store::getName).containsExactly("Downtown");
        assertThat(customer.getData().getMailingAddresses().get("home").getCity())
                .isEqualTo("Austin");
        assertThat(etag(customer)).isEqualTo("\"" + customer.getData().getVersion() + "\"");
        assertThat(annsOrders.getItems()).extracting(Order::getId).containsExactly(acme.order());
        // AND the order reads with its lines, its total and the customer as they were when it was placed
        assertThat(order.getTotalCents()).isEqualTo(1500L);
        assertThat(order.getStatus()).isEqualTo("OPEN");
        assertThat(order.getCustomer().getLastName()).isEqualTo("Smith");
        assertThat(order.getShipTo().getStreet()).isEqualTo("1 Main St");
        assertThat(order.getCreatedAt()).isNotNull();
        assertThat(order.getLines()).singleElement().satisfies(line -> {
            assertThat(line.getLineNo()).isEqualTo(1L);
            assertThat(line.getSku()).isEqualTo("PEN-1");
            assertThat(line.getQuantity()).isEqualTo(10L);
        });
        assertThat(openOrders.getItems()).extracting(Order::getId).contains(acme.order());
        assertThat(openOrders.getItems())
                .allSatisfy(open -> assertThat(open.getStatus()).isEqualTo("OPEN"));
    }

    @Test
    void linkTagAndRename_shouldShowInTheCopiesFromBothSides_onceTheFanoutHasCopiedThem() throws ApiException {
        // GIVEN the README's subjects
        Acme acme = Acme.create("Acme Copies");

        // WHEN the customer is linked to the store and the subjects are tagged
        customers.linkStore(acme.customer(), acme.store());
        stores.tagStore(acme.store(), "flagship");
        orders.tagOrder(acme.order(), "rush");
        customers.tagCustomer(acme.customer(), "vip");
        orders.tagOrder(acme.order(), "vip");

        // THEN the core items say so at once (pattern 16)
        assertThat(customers.getCustomer(acme.customer()).getStoreIds()).containsExactly(acme.store());
        assertThat(orders.getOrder(acme.order()).getTags()).containsExactlyInAnyOrder("rush", "vip");
        // AND the edge shows from both sides, and the tags list their subjects, once the fan-out copied them
        awaitCopies(() -> {
            assertThat(copies.listCustomerStores(acme.customer(), null, null).getItems())
                    .extracting(Store::getId)
                    .containsExactly(acme.store());
            assertThat(copies.listStoreCustomers(acme.store(), null, null).getItems())
                    .extracting(Customer::getId)
                    .containsExactly(acme.customer());
            assertThat(ids(copies.listTagged(acme.business(), "flagship", null, null, "store")))
                    .contains(acme.store());
            assertThat(ids(copies.listTaggedWithSeveral(acme.business(), null, "rush,vip", null, null, null)))
                    .containsOnlyOnce(acme.order())
                    .contains(acme.customer());
            assertThat(ids(copies.listTaggedWithSeveral(acme.business(), "rush,vip", null, null, null, null)))
                    .containsOnlyOnce(acme.order())
                    .doesNotContain(acme.customer());
            // Pattern 15: the order by the SKU of its line, from its SKU copy
            assertThat(orders.listOrders(acme.business(), null, null, null, null, null, null, "PEN-1", null, null)
                            .getItems())
                    .extracting(Order::getId)
                    .containsExactly(acme.order());
        });
        // AND a copy read through the client has the subject's shape, without the index attributes copies never carry
        Store copy = copies.listCustomerStores(acme.customer(), null, null)
                .getItems()
                .get(0);
        assertThat(copy.getName()).isEqualTo("Downtown");
        assertThat(copy.getBusinessId()).isNull();

        // WHEN the store is renamed with the ETag it was read with, and a tag is removed
        var read = stores.getStoreWithHttpInfo(acme.store());
        var renamed = stores.updateStoreWithHttpInfo(acme.store(), new PatchStore().name("Uptown"), etag(read));
        orders.untagOrder(acme.order(), "rush");

        // THEN the change answers the new version as its ETag
        assertThat(renamed.getData().getName()).isEqualTo("Uptown");
        assertThat(renamed.getData().getVersion()).isEqualTo(read.getData().getVersion() + 1);
        assertThat(etag(renamed)).isEqualTo("\"" + renamed.getData().getVersion() + "\"");
        // AND the customer's copy of the store follows, and the order is no longer tagged rush
        awaitCopies(() -> {
            assertThat(copies.listCustomerStores(acme.customer(), null, null).getItems())
                    .singleElement()
                    .satisfies(store -> {
                        assertThat(store.getName()).isEqualTo("Uptown");
                        assertThat(store.getVersion())
                                .isEqualTo(renamed.getData().getVersion());
                    });
            assertThat(ids(copies.listTaggedWithSeveral(acme.business(), "rush,vip", null, null, null, null)))
                    .doesNotContain(acme.order());
        });
        assertThat(orders.getOrder(acme.order()).getTags()).containsExactly("vip");

        // WHEN the customer is unlinked, THEN the edge goes from both sides
        customers.unlinkStore(acme.customer(), acme.store());
        awaitCopies(() -> {
            assertThat(copies.listCustomerStores(acme.customer(), null, null).getItems())
                    .isEmpty();
            assertThat(copies.listStoreCustomers(acme.store(), null, null).getItems())
                    .isEmpty();
        });
    }

    @Test
    void lists_shouldYieldEveryItemOnce_whenTheClientFollowsNextToTheEnd() throws ApiException {
        // GIVEN a business with seven customers
        String business = businesses
                .createBusiness(new CreateBusiness().name("Acme Pages"), null)
                .getId();
        List<String> created = new ArrayList<>();
        for (String lastName : List.of("Adams", "Baker", "Clark", "Davis", "Evans", "Fox", "Gray")) {
            created.add(customers
                    .createCustomer(
                            business, new CreateCustomer().firstName("Pat").lastName(lastName), null)
                    .getId());
        }
        awaitIndexesCaughtUp();

        // WHEN the client reads the list two at a time, following next until it is absent
        List<String> seen = new ArrayList<>();
        int pages = 0;
        String next = null;
        do {
            PageCustomerResponse page = customers.listCustomersByName(business, null, "2", null, next);
            page.getItems().forEach(customer -> seen.add(customer.getId()));
            next = page.getNext();
            pages++;
        } while (next != null && pages < 10);

        // THEN every customer came exactly once, in name order, over four pages
        assertThat(next).isNull();
        assertThat(pages).isEqualTo(4);
        assertThat(seen).containsExactlyElementsOf(created);
    }

    @Test
    void capacity_shouldStartAtOneShard_andGrowButNeverShrink_throughTheGeneratedClient() throws ApiException {
        // GIVEN a new business
        Acme acme = Acme.create("Acme Capacity");
        Capacity first = businesses.getBusinessCapacity(acme.business());

        // WHEN an operator grows it to 4 shards, then asks for 2
        Capacity grown = businesses.setBusinessCapacity(acme.business(), new SetCapacity().shards(4));
        ApiException shrink =
                refused(() -> businesses.setBusinessCapacity(acme.business(), new SetCapacity().shards(2)));
        ApiException tooMany =
                refused(() -> businesses.setBusinessCapacity(acme.business(), new SetCapacity().shards(65)));

        // THEN one shard at first, 4 for lists at once (writers follow at writeShardsFrom), and the refusals
        assertThat(first.getShards()).isEqualTo(1);
        assertThat(first.getMaxShards()).isEqualTo(64);
        assertThat(grown.getShards()).isEqualTo(4);
        assertThat(grown.getWriteShards()).isEqualTo(1);
        assertThat(grown.getWriteShardsFrom()).isNotNull();
        assertThat(problem(shrink, 409).getDetail()).contains("only grows");
        assertThat(problem(tooMany, 422).getErrors())
                .extracting(FieldError::getField)
                .containsExactly("shards");
        assertThat(businesses.getBusinessCapacity(acme.business()).getShards()).isEqualTo(4);
    }

    @Test
    void errors_shouldReachTheCallerAsProblemDocuments_withTheDocumentedStatus() throws ApiException {
        // GIVEN a business read with its ETag, then changed
        Acme acme = Acme.create("Acme Errors");
        String before = etag(businesses.getBusinessWithHttpInfo(acme.business()));
        var changed =
                businesses.updateBusinessWithHttpInfo(acme.business(), new PatchBusiness().name("Acme Two"), before);
        assertThat(changed.getData().getName()).isEqualTo("Acme Two");
        awaitIndexesCaughtUp();

        // WHEN requests the API must refuse are made through the client
        ApiException unknown = refused(() -> customers.getCustomer(UNKNOWN_ID));
        ApiException invalid = refused(() -> businesses.createBusiness(new CreateBusiness().name(""), null));
        ApiException stale =
                refused(() -> businesses.updateBusiness(acme.business(), new PatchBusiness().name("Lost"), before));
        ApiException notEmpty = refused(() -> businesses.deleteBusiness(acme.business(), null, null, null));
        String otherListsCursor =
                businesses.listBusinessItems(acme.business(), "1", null).getNext();
        ApiException foreignCursor = refused(() ->
                stores.listStoresByLocation(acme.business(), null, null, "1", null, otherListsCursor, null, null));

        // THEN each is the documented status with an RFC 9457 problem document the generated model reads
        assertThat(problem(unknown, 404).getTitle()).isEqualTo("Not found");
        Problem validation = problem(invalid, 422);
        assertThat(validation.getErrors()).extracting(FieldError::getField).containsExactly("name");
        assertThat(validation.getErrors())
                .allSatisfy(error -> assertThat(error.getMessage()).isNotBlank());
        assertThat(problem(stale, 412).getDetail()).isNotBlank();
        assertThat(problem(notEmpty, 409).getDetail()).isNotBlank();
        assertThat(problem(foreignCursor, 400).getDetail()).isNotBlank();
        // AND nothing was written by any of them
        assertThat(businesses.getBusiness(acme.business()).getName()).isEqualTo("Acme Two");
    }

    @Test
    void createOrder_shouldAnswerTheSameOrder_whenTheClientRetriesWithItsIdempotencyKey() throws ApiException {
        // GIVEN a customer, and an order the client places with a key (say its answer timed out)
        Acme acme = Acme.create("Acme Retries");
        CreateOrder order = new CreateOrder()
                .shipTo("home")
                .addLinesItem(
                        new CreateOrderLinesInner().sku("INK-2").quantity(3L).unitPriceCents(990L));
        String key = java.util.UUID.randomUUID().toString();
        var first = orders.createOrderWithHttpInfo(acme.customer(), order, key);
        awaitIndexesCaughtUp();

        // WHEN it retries with the same key
        var retry = orders.createOrderWithHttpInfo(acme.customer(), order, key);

        // THEN the retry answers the order the first request placed, as a replay, and places no other
        assertThat(retry.getStatusCode()).isEqualTo(201);
        assertThat(retry.getData().getId()).isEqualTo(first.getData().getId());
        assertThat(retry.getData()).isEqualTo(first.getData());
        assertThat(retry.getHeaders().get("idempotent-replayed")).containsExactly("true");
        assertThat(first.getHeaders()).doesNotContainKey("idempotent-replayed");
        assertThat(orders.listCustomerOrders(acme.customer(), null, null).getItems())
                .extracting(Order::getId)
                .containsExactlyInAnyOrder(acme.order(), first.getData().getId());
        // AND the key with another order is refused
        ApiException reused = refused(() -> orders.createOrder(acme.customer(), order.paymentCard("amex"), key));
        assertThat(problem(reused, 422).getDetail()).contains("Idempotency-Key");
    }

    @Test
    void delete_shouldRemoveEverySubject_whenDoneInTheReadmesOrder() throws ApiException {
        // GIVEN the README's subjects, the customer linked to the store, the order changed
        Acme acme = Acme.create("Acme Deletes");
        customers.linkStore(acme.customer(), acme.store());
        Order paid = orders.updateOrder(acme.order(), new PatchOrder().status("PAID"), null);
        Customer renamed = customers.updateCustomer(acme.customer(), new PatchCustomer().lastName("Jones"), null);
        assertThat(paid.getStatus()).isEqualTo("PAID");
        assertThat(renamed.getLastName()).isEqualTo("Jones");

        // WHEN the order, the store (unlinking it), the customer and then the business are deleted
        orders.deleteOrder(acme.order(), null, null);
        stores.deleteStore(acme.store(), "true", null, null);
        customers.deleteCustomer(acme.customer(), null, null);
        businesses.deleteBusiness(acme.business(), null, null, null);

        // THEN each of them is gone
        assertThat(problem(refused(() -> orders.getOrder(acme.order())), 404)).isNotNull();
        assertThat(problem(refused(() -> stores.getStore(acme.store())), 404)).isNotNull();
        assertThat(problem(refused(() -> customers.getCustomer(acme.customer())), 404))
                .isNotNull();
        assertThat(problem(refused(() -> businesses.getBusiness(acme.business())), 404))
                .isNotNull();
        assertThat(problem(refused(() -> businesses.listBusinessItems(acme.business(), null, null)), 404))
                .isNotNull();
    }

    /** The first commands of the README's "Try it": a business, a customer, a store, an order of one line. */
    private record Acme(String business, String customer, String store, String order) {
        static Acme create(String name) throws ApiException {
            CreateCustomerMailingAddressesValue austin = new CreateCustomerMailingAddressesValue()
                    .street("1 Main St")
                    .city("Austin")
                    .state("TX")
                    .zip("73301")
                    .country("US");
            String business = businesses
                    .createBusiness(new CreateBusiness().name(name), null)
                    .getId();
            String customer = customers
                    .createCustomer(
                            business,
                            new CreateCustomer()
                                    .firstName("Ann")
                                    .lastName("Smith")
                                    .email("ann@example.com")
                                    .putMailingAddressesItem("home", austin),
                            null)
                    .getId();
            // Each declared entity's address is an object of its own schema.
            CreateStoreAddress storeAddress = new CreateStoreAddress()
                    .street("1 Main St")
                    .city("Austin")
                    .state("TX")
                    .zip("73301")
                    .country("US");
            String store = stores.createStore(
                            business, new CreateStore().name("Downtown").address(storeAddress), null)
                    .getId();
            String order = orders.createOrder(
                            customer,
                            new CreateOrder()
                                    .shipTo("home")
                                    .paymentCard("visa")
                                    .addLinesItem(new CreateOrderLinesInner()
                                            .sku("PEN-1")
                                            .description("Blue pens")
                                            .quantity(10L)
                                            .unitPriceCents(150L)),
                            null)
                    .getId();
            return new Acme(business, customer, store, order);
        }
    }

    /** A call the API must refuse. */
    @FunctionalInterface
    private interface Call {
        void run() throws ApiException;
    }

    /** Reads through the copies, retried until they pass: the fan-out is asynchronous. */
    @FunctionalInterface
    private interface CopiesCheck {
        void run() throws ApiException;
    }

    private static void awaitCopies(CopiesCheck check) {
        await().atMost(FANOUT_VISIBLE_WITHIN)
                .pollInterval(Duration.ofMillis(50))
                .untilAsserted(check::run);
    }

    /**
     * Waits until the local system's DynamoDB engine has applied every index change it queued: for a test whose GIVEN
     * is "these subjects are listed", after writing them, since a list reads an eventually consistent index.
     */
    private static void awaitIndexesCaughtUp() {
        system.dynamoDb().control().awaitIndexesCaughtUp(CATCH_UP_WITHIN);
    }

    private static ApiException refused(Call call) {
        ApiException refused = catchThrowableOfType(ApiException.class, call::run);
        assertThat(refused).as("the API refused the call").isNotNull();
        return refused;
    }

    /** The refusal's body as the generated {@link Problem}, after checking its status and media type. */
    private static Problem problem(ApiException refused, int status) {
        assertThat(refused.getCode()).isEqualTo(status);
        assertThat(refused.getResponseHeaders().firstValue("content-type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        try {
            Problem problem = client.getObjectMapper().readValue(refused.getResponseBody(), Problem.class);
            assertThat(problem.getStatus()).isEqualTo(status);
            assertThat(problem.getType()).isEqualTo("about:blank");
            assertThat(problem.getTitle()).isNotBlank();
            return problem;
        } catch (java.io.IOException e) {
            throw new AssertionError("not a problem document: " + refused.getResponseBody(), e);
        }
    }

    private static String etag(ApiResponse<?> response) {
        List<String> etags = response.getHeaders().get("etag");
        assertThat(etags).as("ETag of a %s", response.getStatusCode()).hasSize(1);
        return etags.get(0);
    }

    private static Object actual(SubjectResponse subject) {
        return subject.getActualInstance();
    }

    private static List<String> ids(PageSubjectResponse page) {
        return page.getItems().stream().map(GeneratedClientTryItTest::idOf).toList();
    }

    private static String idOf(SubjectResponse subject) {
        Object actual = subject.getActualInstance();
        if (actual instanceof Business business) {
            return business.getId();
        } else if (actual instanceof Customer customer) {
            return customer.getId();
        } else if (actual instanceof Store store) {
            return store.getId();
        } else if (actual instanceof Order order) {
            return order.getId();
        }
        throw new AssertionError("not a subject: " + actual);
    }
}
