package io.entitytable.api.business;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.subject.Subjects;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.model.Attributes;
import io.entitytable.model.Business;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** Businesses: the tenants that own customers, stores and orders (access patterns 1 and 2). */
@ApplicationScoped
public class BusinessService {
    private final Subjects subjects;
    private final CoreWrites writes;
    private final EntityTable table;
    private final PagedQueries queries;
    private final ApiConfig config;

    public BusinessService(
            Subjects subjects, CoreWrites writes, EntityTable table, PagedQueries queries, ApiConfig config) {
        this.subjects = subjects;
        this.writes = writes;
        this.table = table;
        this.queries = queries;
        this.config = config;
    }

    public Business create(BusinessRequests.CreateBusiness request) {
        Instant now = subjects.now();
        Business business =
                new Business(Ids.newId(), request.name().trim(), TagInputs.normalise(request.tags()), 1, now, now);
        if (!writes.createBusiness(business.toItem())) {
            throw ApiProblem.conflict("id collision; retry");
        }
        return business;
    }

    /** Pattern 1: GetItem id = B, type = business. */
    public Business get(String id) {
        return Business.from(subjects.require(Entity.BUSINESS, id));
    }

    public Business patch(String id, Long ifMatch, BusinessRequests.PatchBusiness patch) {
        return subjects.modify(
                Entity.BUSINESS,
                id,
                ifMatch,
                (Business business) -> patch.name() == null
                        ? business
                        : business.withName(patch.name().trim()));
    }

    /** Deletes a business that owns nothing any more; 409 while customers, stores or orders remain. */
    public void delete(String id, Long ifMatch) {
        subjects.withCurrent(Entity.BUSINESS, id, ifMatch, current -> {
            long children = Values.number(current, Attributes.CHILD_COUNT);
            if (children > 0) {
                throw ApiProblem.conflict("business " + id + " still has " + children
                        + " customers, stores or orders; delete them first");
            }
            writes.delete(current, List.of(), null, Attributes.CHILD_COUNT, List.of());
            return null;
        });
    }

    /** Pattern 2: Query businessIdGsi businessId = B: the business, then its customers, orders and stores by type. */
    public Page<CoreItem> items(String id, String limit, String next) {
        Inputs.id("id", id);
        int size = Inputs.limit(limit);
        QueryRequest query = QueryRequest.builder()
                .tableName(table.name())
                .indexName(TableLayout.BUSINESS_ID_GSI)
                .keyConditionExpression("#b = :b")
                .expressionAttributeNames(Map.of("#b", Attributes.BUSINESS_ID))
                .expressionAttributeValues(Map.of(":b", AttributeValue.fromS(id)))
                .build();
        Page<CoreItem> page =
                queries.list("business-items|" + id, next, query, size, config.filterPageBudget(), CoreItem::from);
        if (page.items().isEmpty() && next == null) {
            throw ApiProblem.notFound("business", id);
        }
        return page;
    }
}
