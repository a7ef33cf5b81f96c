package io.entitytable.api.store;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.customer.CustomerService;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.Filters;
import io.entitytable.api.table.MergeOrder;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.table.PartitionQuery;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Store;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Stores: access pattern 5 (by location through gsi1) and the store side of customer links. */
@ApplicationScoped
public class StoreService {
    private final OptimisticWrites optimistic;
    private final CoreWrites writes;
    private final EntityTable table;
    private final PagedQueries queries;
    private final ApiConfig config;
    private final CustomerService customers;

    public StoreService(
            OptimisticWrites optimistic,
            CoreWrites writes,
            EntityTable table,
            PagedQueries queries,
            ApiConfig config,
            CustomerService customers) {
        this.optimistic = optimistic;
        this.writes = writes;
        this.table = table;
        this.queries = queries;
        this.config = config;
        this.customers = customers;
    }

    public Store create(String businessId, StoreRequests.CreateStore request) {
        Inputs.id("id", businessId);
        Instant now = optimistic.now();
        Store store = new Store(
                Ids.newId(),
                businessId,
                request.name().trim(),
                request.address().toAddress(),
                TagInputs.normalise(request.tags()),
                1,
                now,
                now);
        return optimistic.createUnder(businessId, store);
    }

    public Store get(String id) {
        return Store.from(optimistic.require(Entity.STORE, id));
    }

    public Store patch(String id, Long ifMatch, StoreRequests.PatchStore patch) {
        return optimistic.modify(
                Entity.STORE,
                id,
                ifMatch,
                (Store store) -> store.withDetails(
                        patch.name() == null ? store.name() : patch.name().trim(),
                        patch.address() == null
                                ? store.address()
                                : patch.address().toAddress()));
    }

    /**
     * How many customers {@code DELETE /stores/{id}?unlink=true} unlinks in one request. Each unlink is a write of its
     * own, so the request's time grows with the links: above this, it is refused before any write rather than left to
     * run into the API's timeout part-way.
     */
    static final int MAX_UNLINKS_PER_REQUEST = 100;

    /**
     * Deletes a store. While customers still list it in {@code storeIds} (its {@code linkCount} is not zero) this is
     * a 409, unless {@code unlink} asks to remove it from those customers first.
     *
     * <p>The delete is conditional on {@code linkCount} being zero, which every link and unlink keeps in step in its
     * own transaction: a link committed after the linked customers were found, or one the eventually consistent index
     * did not show yet, makes the delete fail and the cycle start again, so no customer is ever left naming a deleted
     * store. The linked customers are found with a Query of the business's customers filtered on {@code
     * contains(storeIds, S)}, only when the count says there are some.
     */
    public void delete(String id, Long ifMatch, boolean unlink) {
        optimistic.withCurrent(Entity.STORE, id, ifMatch, current -> {
            String businessId = Values.string(current, Attributes.BUSINESS_ID);
            long links = Values.number(current, Attributes.LINK_COUNT);
            if (links > 0 && !unlink) {
                throw ApiProblem.conflict("store " + id + " is still linked to " + links
                        + " customers; unlink them or delete with ?unlink=true");
            }
            if (links > MAX_UNLINKS_PER_REQUEST) {
                throw ApiProblem.conflict("store " + id + " is linked to " + links + " customers; ?unlink=true unlinks"
                        + " at most " + MAX_UNLINKS_PER_REQUEST + " in one request: unlink the others first"
                        + " (DELETE /customers/{id}/stores/" + id + ")");
            }
            if (links > 0) {
                linkedCustomers(businessId, id).forEach(customerId -> customers.unlink(customerId, id));
            }
            writes.delete(Deletion.of(current)
                    .uncountingOnBusiness(businessId)
                    .onlyWhileZero(Attributes.LINK_COUNT)
                    .build());
            return null;
        });
    }

    /**
     * Pattern 5. With a country: Query gsi1 {@code gsi1pk = STORE#<B>#<COUNTRY>}, {@code begins_with(gsi1sk,
     * STATE#CITY#ZIP#)} as deep as the parameters go. Without: every store of the business by name (businessGsi, its shards merged).
     */
    public Page<Store> byLocation(String businessId, StoreLocation location, String limit, String next) {
        String country = location.country();
        String state = location.state();
        String city = location.city();
        String zip = location.zip();
        Inputs.id("id", businessId);
        optimistic.access().requireBusiness(businessId);
        int size = Inputs.limit(limit);
        for (String[] level : new String[][] {{"country", country}, {"state", state}, {"city", city}, {"zip", zip}}) {
            if (level[1] != null
                    && (level[1].length() > 100
                            || !Patterns.KEY_PART_SHAPE.matcher(level[1]).matches())) {
                throw ApiProblem.invalid(level[0], "must be at most 100 characters without '#'");
            }
        }
        boolean deeper = notBlank(state) || notBlank(city) || notBlank(zip);
        if (!notBlank(country)) {
            if (deeper) {
                throw ApiProblem.invalid("country", "is required to search by state, city or zip");
            }
            return queries.merged(
                    "stores|" + businessId,
                    next,
                    BusinessShards.partitions(businessId),
                    shard -> PartitionQuery.sortBeginsWith(
                            TableLayout.BUSINESS_GSI, shard, Keys.typePrefix(Entity.STORE)),
                    size,
                    MergeOrder.ascending(Attributes.TYPE).thenBy(Attributes.ID),
                    false,
                    Store::from);
        }
        if ((notBlank(city) && !notBlank(state)) || (notBlank(zip) && !notBlank(city))) {
            throw ApiProblem.invalid(
                    "state", "a location level needs every level above it (country, state, city, zip)");
        }
        String pk = Keys.storeLocationPk(businessId, country);
        String prefix = Keys.storeLocationPrefix(state, city, zip);
        // A country alone is the whole partition.
        PartitionQuery query = PartitionQuery.sortBeginsWith(TableLayout.GSI1, pk, prefix);
        return queries.list(
                "stores-by-location|" + pk + "|" + prefix, next, query, size, config.filterPageBudget(), Store::from);
    }

    /** Every customer of the business that lists the store, read through the business's customers, shard by shard. */
    private List<String> linkedCustomers(String businessId, String storeId) {
        List<String> customers = new ArrayList<>();
        for (String shard : BusinessShards.partitions(businessId)) {
            PartitionQuery query = PartitionQuery.sortBeginsWith(
                            TableLayout.BUSINESS_GSI, shard, Keys.typePrefix(Entity.CUSTOMER))
                    .filtered(Filters.contains(Attributes.STORE_IDS, Values.s(storeId)))
                    .projecting(Attributes.ID);
            table.readAll(query).forEach(item -> customers.add(Values.string(item, Attributes.ID)));
        }
        return customers;
    }

    private static boolean notBlank(String value) {
        return value != null && !value.isBlank();
    }
}
