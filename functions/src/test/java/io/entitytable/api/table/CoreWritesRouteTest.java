package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.TestBusinesses;
import io.entitytable.api.TestStores;
import io.entitytable.api.access.CurrentEvent;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Shard;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.move.BusinessRoute;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A write decided before its business was fenced (docs/design.md §2, "Moving a table online"): the request read its
 * route while the home table served the business, the move then fenced it and cut it over before the write was sent.
 * The write's route check fails in the home table; the write waits for the cut-over and lands in the target, or, with
 * the business fenced for longer than a request waits, is answered 503 with nothing written.
 */
class CoreWritesRouteTest {
    private static final String TARGET = "EntityTarget";

    private static final Map<String, ItemKey> BUSINESS_KEYS = new ConcurrentHashMap<>();

    private static InMemoryEntityTable local;
    private static DynamoDbClient client;
    private static EntityTable table;
    private static CoreWrites writes;

    @BeforeAll
    static void startTables() {
        local = InMemoryEntityTable.start();
        client = local.client();
        table = local.table();
        TableBootstrap.createIfMissing(client, TableLayout.ENTITY, TARGET);
        writes = new CoreWrites(table, new CurrentEvent(), new BusinessRoutes(table, Optional.of(TARGET)));
    }

    @AfterAll
    static void stopTables() {
        local.close();
    }

    @AfterEach
    void unbind() {
        RequestRoute.unbind();
    }

    @Test
    void aWriteOfABusinessCutOverAfterItsRouteWasRead_landsInTheTarget() {
        String business = businessInBothTables();
        RequestRoute.bind(new RequestRoute.Bound(business, table.home()));
        route(business, BusinessRoute.State.MOVED);

        Map<String, AttributeValue> store = store(business);
        writes.createChild(business, List.of(store), Optional.empty());

        assertThat(item(TARGET, ItemKey.of(store))).as("in the target").isPresent();
        assertThat(item(table.home(), ItemKey.of(store)))
                .as("in the home table")
                .isEmpty();
        assertThat(RequestRoute.current()).contains(new RequestRoute.Bound(business, TARGET));
    }

    @Test
    void aWriteOfABusinessFencedForLongerThanARequestWaits_isAnswered503_andWritesNothing() {
        String business = businessInBothTables();
        RequestRoute.bind(new RequestRoute.Bound(business, table.home()));
        route(business, BusinessRoute.State.FENCED_HOME);

        Map<String, AttributeValue> store = store(business);
        assertThatThrownBy(() -> writes.createChild(business, List.of(store), Optional.empty()))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(503));

        assertThat(item(TARGET, ItemKey.of(store))).isEmpty();
        assertThat(item(table.home(), ItemKey.of(store))).isEmpty();
    }

    @Test
    void aStoreDeletionDecidedBeforeItsBusinessWasCutOver_landsInTheTarget_withItsRefreshJobInTheHomeTable() {
        // GIVEN a store of a business in both tables, whose deletion asks for a refresh of its copies, decided while
        // the home table served the business, which the move then cut over
        String business = businessInBothTables();
        Map<String, AttributeValue> store = store(business);
        writes.createChild(business, List.of(store), Optional.empty());
        client.putItem(request -> request.tableName(TARGET)
                .item(item(table.home(), ItemKey.of(store)).orElseThrow()));
        RequestRoute.bind(new RequestRoute.Bound(business, table.home()));
        route(business, BusinessRoute.State.MOVED);

        // WHEN it is sent
        String storeId = Values.string(store, Attributes.ID);
        RefreshRequest refresh = new RefreshRequest(Entity.STORE, storeId, business, 2, 1_500, Instant.now());
        writes.delete(
                Deletion.of(item(table.home(), ItemKey.of(store)).orElseThrow())
                        .requestingRefresh(refresh)
                        .build(),
                Optional.empty());

        // THEN the store is gone from the target, and its job is asked for where the workers advance it
        assertThat(item(TARGET, ItemKey.of(store)))
                .as("the store in the target")
                .isEmpty();
        assertThat(item(table.home(), RefreshJob.keyOf(storeId)))
                .as("its job in the home table")
                .isPresent();
        assertThat(item(TARGET, RefreshJob.keyOf(storeId)))
                .as("its job in the target")
                .isEmpty();
        assertThat(table.findJob(RefreshJob.keyOf(storeId)))
                .as("the job as the API reads it")
                .isPresent();
    }

    @Test
    void anEraseOfABusinessTheTargetServes_isAnswered409_andWritesNothing() {
        String business = businessInBothTables();
        route(business, BusinessRoute.State.MOVED);
        RequestRoute.bind(new RequestRoute.Bound(business, TARGET));

        assertEraseRefused(business, TARGET);
    }

    @Test
    void anEraseDecidedBeforeItsBusinessWasCutOver_isAnswered409_andWritesNothing() {
        String business = businessInBothTables();
        RequestRoute.bind(new RequestRoute.Bound(business, table.home()));
        route(business, BusinessRoute.State.MOVED);

        assertEraseRefused(business, table.home());
    }

    /**
     * An erase's workers run on the home table, whose deletes the move carries only for a business the home table
     * serves: the erase of one the target serves waits for the move's end.
     */
    private static void assertEraseRefused(String business, String readFrom) {
        ItemKey businessKey = BUSINESS_KEYS.get(business);
        Map<String, AttributeValue> current = item(readFrom, businessKey).orElseThrow();
        assertThatThrownBy(() -> writes.eraseBusiness(current, Instant.now(), Optional.empty()))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status()).isEqualTo(409);
                    assertThat(problem.getMessage()).contains("once the move has finished");
                });
        for (String tableName : List.of(table.home(), TARGET)) {
            assertThat(item(tableName, businessKey).orElseThrow())
                    .as("the business in " + tableName)
                    .doesNotContainKey(Attributes.ERASING);
            assertThat(item(tableName, EraseJob.keyOf(business)))
                    .as("an erase job in " + tableName)
                    .isEmpty();
        }
    }

    /** A business created in the home table and copied into the target, as the move's copy leaves it. */
    private static String businessInBothTables() {
        DeclaredItem business =
                TestBusinesses.business(Ids.newId(), "Moving", CoreFields.created(Set.of(), Instant.now()));
        writes.createBusiness(business.toItem(), Optional.empty());
        BUSINESS_KEYS.put(business.id(), ItemKey.of(business.toItem()));
        for (Map<String, AttributeValue> item : client.scanPaginator(ScanRequest.builder()
                        .tableName(table.home())
                        .consistentRead(true)
                        .build())
                .items()) {
            String id = Values.string(item, Attributes.ID);
            if (id.startsWith(business.id())) {
                client.putItem(request -> request.tableName(TARGET).item(item));
            }
        }
        return business.id();
    }

    private static void route(String business, BusinessRoute.State state) {
        client.putItem(
                request -> request.tableName(table.home()).item(new BusinessRoute(business, state, TARGET).toItem()));
    }

    private static Map<String, AttributeValue> store(String business) {
        String storeId = Ids.newId();
        return TestStores.store(
                        storeId,
                        business,
                        "Downtown",
                        new Address("1 Main St", "Austin", "TX", "73301", "US"),
                        CoreFields.created(Set.of(), Instant.now()),
                        Shard.legacy(storeId))
                .toItem();
    }

    private static Optional<Map<String, AttributeValue>> item(String tableName, ItemKey key) {
        Map<String, AttributeValue> found = client.getItem(request ->
                        request.tableName(tableName).consistentRead(true).key(key.toAttributes()))
                .item();
        return found == null || found.isEmpty() ? Optional.empty() : Optional.of(found);
    }
}
