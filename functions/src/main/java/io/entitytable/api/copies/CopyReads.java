package io.entitytable.api.copies;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.table.MergeOrder;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Store;
import io.entitytable.model.access.PartitionQuery;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads over the duplicates the fan-out maintains (access patterns 10 to 13): one Query per page for a customer's
 * stores, a store's customers and one tag; one Query per tag, in parallel, for several tags. The copies follow their
 * sources a moment after each write (the stream's lag).
 */
@ApplicationScoped
public class CopyReads {
    /** How many tags one multi-tag query may name: each is one parallel Query per page. */
    public static final int MAX_QUERY_TAGS = 10;

    private final PagedQueries queries;
    private final ApiConfig config;
    private final OptimisticWrites optimistic;

    public CopyReads(PagedQueries queries, ApiConfig config, OptimisticWrites optimistic) {
        this.optimistic = optimistic;
        this.queries = queries;
        this.config = config;
    }

    /** Pattern 10: Query id = customer#C, begins_with(type, store#): the stores with their data. */
    public Page<Store> storesOfCustomer(String customerId, String limit, String next) {
        Inputs.id("id", customerId);
        requireSubject(Entity.CUSTOMER, customerId);
        Page<CoreItem> page = edges(Entity.CUSTOMER, customerId, Entity.STORE, limit, next);
        return new Page<>(page.items().stream().map(Store.class::cast).toList(), page.next());
    }

    /** Pattern 11: Query id = store#S, begins_with(type, customer#): the customers with their data. */
    public Page<Customer> customersOfStore(String storeId, String limit, String next) {
        Inputs.id("id", storeId);
        requireSubject(Entity.STORE, storeId);
        Page<CoreItem> page = edges(Entity.STORE, storeId, Entity.CUSTOMER, limit, next);
        return new Page<>(page.items().stream().map(Customer.class::cast).toList(), page.next());
    }

    /**
     * Copies carry no {@code businessId}, so a business member's list of a customer's stores or a store's customers
     * first reads the subject (one more request) to learn its business; an operator's does not.
     */
    private void requireSubject(Entity entity, String id) {
        if (!optimistic.access().seesEverything()) {
            optimistic.require(entity, id);
        }
    }

    /** Pattern 12: Query id = tag#B#t [, begins_with(type, <entity>#)]. */
    public Page<CoreItem> tagged(String businessId, String rawTag, String type, String limit, String next) {
        Inputs.id("id", businessId);
        optimistic.access().requireBusiness(businessId);
        String tag = Inputs.tag(rawTag);
        Entity entity = entityFilter(type);
        int size = Inputs.limit(limit);
        return queries.list(
                "tag|" + businessId + "|" + tag + "|" + type,
                next,
                tagQuery(businessId, tag, entity),
                size,
                config.filterPageBudget(),
                Copies::toSubject);
    }

    /**
     * Pattern 13: one Query per tag in parallel, merged by subject and de-duplicated; with {@code all} only the
     * subjects that carry every tag. Exactly one of {@code any} and {@code all} is given.
     */
    public Page<CoreItem> taggedWithSeveral(String businessId, TagQuery query, String limit, String next) {
        Inputs.id("id", businessId);
        optimistic.access().requireBusiness(businessId);
        String any = query.any();
        String all = query.all();
        String type = query.type();
        if ((any == null) == (all == null)) {
            throw ApiProblem.badParameter("any", "give either any=a,b or all=a,b");
        }
        boolean requireAll = all != null;
        Set<String> tags = new LinkedHashSet<>();
        for (String raw : Arrays.asList((requireAll ? all : any).split(",", -1))) {
            tags.add(Inputs.tagParameter(requireAll ? "all" : "any", raw));
        }
        if (tags.size() > MAX_QUERY_TAGS) {
            throw ApiProblem.badParameter(requireAll ? "all" : "any", "at most " + MAX_QUERY_TAGS + " tags");
        }
        Entity entity = entityFilter(type);
        int size = Inputs.limit(limit);
        List<String> partitions = tags.stream().sorted().toList();
        String scope = "tags|" + businessId + "|" + (requireAll ? "all" : "any") + "|" + partitions + "|" + type;
        return queries.merged(
                scope,
                next,
                partitions,
                tag -> tagQuery(businessId, tag, entity),
                size,
                MergeOrder.ascending(Attributes.TYPE),
                requireAll,
                Copies::toSubject);
    }

    private Page<CoreItem> edges(Entity owner, String ownerId, Entity other, String limit, String next) {
        int size = Inputs.limit(limit);
        PartitionQuery query =
                PartitionQuery.sortBeginsWith(null, Keys.subjectRef(owner, ownerId), Keys.typePrefix(other));
        return queries.list(
                "edges|" + Keys.subjectRef(owner, ownerId),
                next,
                query,
                size,
                config.filterPageBudget(),
                Copies::toSubject);
    }

    /** A tag's partition in a business: every subject carrying it, or only those of {@code entity} when given. */
    private static PartitionQuery tagQuery(String businessId, String tag, Entity entity) {
        return PartitionQuery.sortBeginsWith(
                null, Keys.tagPartition(businessId, tag), entity == null ? "" : Keys.typePrefix(entity));
    }

    private static Entity entityFilter(String type) {
        if (type == null || type.isBlank()) {
            return null;
        }
        return Entity.fromKeyName(type.trim())
                .orElseThrow(() -> ApiProblem.badParameter(
                        "type",
                        "must be one of "
                                + Entity.all().stream().map(Entity::keyName).toList()));
    }
}
