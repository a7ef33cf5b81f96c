package io.entitytable.api.order;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.MergeOrder;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Customer;
import io.entitytable.model.CustomerSnapshot;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Order;
import io.entitytable.model.OrderLine;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.Filters;
import io.entitytable.model.access.PartitionQuery;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Orders and their lines: access patterns 4, 8 and 9. */
@ApplicationScoped
public class OrderService {
    /** The latest instant a 13-digit millisecond sort key can hold (year 2286). */
    static final Instant LATEST = Instant.ofEpochMilli(9_999_999_999_999L);

    private final OptimisticWrites optimistic;
    private final CoreWrites writes;
    private final EntityTable table;
    private final PagedQueries queries;

    public OrderService(OptimisticWrites optimistic, CoreWrites writes, EntityTable table, PagedQueries queries) {
        this.optimistic = optimistic;
        this.writes = writes;
        this.table = table;
        this.queries = queries;
    }

    /**
     * Places an order: the order item with an immutable snapshot of the customer's name and the chosen ship-to
     * address, its lines in the same item collection, and the count on the business, in one transaction
     * (docs/design.md, "The table").
     */
    public Order create(String customerId, OrderRequests.CreateOrder request) {
        Customer customer = Customer.from(optimistic.require(Entity.CUSTOMER, customerId));
        Address shipTo = customer.mailingAddresses().get(request.shipTo());
        if (shipTo == null) {
            throw ApiProblem.invalid(
                    "shipTo", "the customer has no mailing address labelled '" + request.shipTo() + "'");
        }
        List<OrderLine> lines = new ArrayList<>();
        for (OrderRequests.LineInput line : request.lines()) {
            lines.add(new OrderLine(
                    lines.size() + 1, line.sku(), line.description(), line.quantity(), line.unitPriceCents()));
        }
        Instant now = optimistic.now();
        String id = Ids.newId();
        Order order = new Order(
                id,
                customer.businessId(),
                customer.id(),
                request.status() == null ? OrderStatus.OPEN.name() : OrderStatus.parse("status", request.status()),
                lines.stream().mapToLong(OrderLine::amountCents).sum(),
                request.paymentCard(),
                new CustomerSnapshot(customer.firstName(), customer.lastName()),
                shipTo,
                lines,
                lines.size(),
                TagInputs.normalise(request.tags()),
                1,
                now,
                now);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(order.toItem());
        items.addAll(order.lineItems());
        optimistic.createChild(
                customer.businessId(),
                items,
                () -> ApiProblem.conflict("the customer's business is being deleted; the order was not placed"));
        return order;
    }

    /** Pattern 8: one Query {@code id = O} returns the order and every line (same item collection). */
    public Order get(String id) {
        Inputs.id("id", id);
        Map<String, AttributeValue> orderItem = null;
        List<OrderLine> lines = new ArrayList<>();
        for (Map<String, AttributeValue> item :
                table.readAll(PartitionQuery.partition(null, id).consistentRead())) {
            String type = Values.string(item, Attributes.TYPE);
            if (Keys.isLineType(type)) {
                lines.add(OrderLine.from(item));
            } else if (type.startsWith(Keys.typePrefix(Entity.ORDER))) {
                orderItem = item;
            }
        }
        if (orderItem == null) {
            throw ApiProblem.notFound("order", id);
        }
        optimistic.access().requireItem(Entity.ORDER, id, orderItem);
        return Order.from(orderItem).withLines(lines);
    }

    public Order patch(String id, Long ifMatch, OrderRequests.PatchOrder patch) {
        optimistic.modify(
                Entity.ORDER,
                id,
                ifMatch,
                (Order order) -> order.withStatusAndCard(
                        patch.status() == null ? order.status() : OrderStatus.parse("status", patch.status()),
                        patch.paymentCard() == null ? order.paymentCard() : patch.paymentCard()));
        return get(id);
    }

    /** Deletes the order with all its lines (their keys follow from {@code lineCount}) in one transaction. */
    public void delete(String id, Long ifMatch) {
        optimistic.withCurrent(Entity.ORDER, id, ifMatch, current -> {
            Order order = Order.from(current);
            List<ItemKey> lineKeys = new ArrayList<>();
            for (int lineNo = 1; lineNo <= order.lineCount(); lineNo++) {
                lineKeys.add(new ItemKey(id, Keys.lineType(lineNo)));
            }
            writes.delete(Deletion.of(current)
                    .withCollection(lineKeys)
                    .uncountingOnBusiness(order.businessId())
                    .build());
            return null;
        });
    }

    /**
     * Patterns 4 and 9: a business's orders over a time range, newest first, optionally in one status and with more
     * filters. Without a status: one Query of businessGsi per shard of the business, {@code businessShard = B#n AND
     * type BETWEEN order#<from> AND order#<to>}. With a status: one Query of gsi1 per status shard of the business,
     * {@code gsi1pk = ORDERSTATUS#B#<STATUS>#n AND gsi1sk BETWEEN <from> AND <to>#~}, so the status is a key condition
     * and the orders in other statuses are never read. Either way the shards are queried in parallel and merged newest
     * first, and the other filters are a FilterExpression: a filtered shard reads one page per list page and says how
     * far it evaluated, so a page may hold fewer than {@code limit} orders and still have a next one.
     */
    public Page<Order> ofBusiness(String businessId, OrderFilters filters, String limit, String next) {
        Inputs.id("id", businessId);
        optimistic.access().requireBusiness(businessId);
        int size = Inputs.limit(limit);
        Instant from = Inputs.instant("from", filters.from(), Instant.EPOCH);
        Instant to = Inputs.instant("to", filters.to(), LATEST);
        checkRange(from, to);
        String status = filters.status() == null ? null : OrderStatus.parseParameter("status", filters.status());
        Expression filter = otherFilters(filters);
        List<String> partitions;
        Function<String, PartitionQuery> queryOf;
        MergeOrder order;
        if (status == null) {
            partitions = BusinessShards.partitions(businessId);
            queryOf = partition -> PartitionQuery.sortBetween(
                            TableLayout.BUSINESS_GSI, partition, Keys.orderType(from), Keys.orderType(to))
                    .backward()
                    .filtered(filter);
            order = MergeOrder.descending(Attributes.TYPE).thenBy(Attributes.ID);
        } else {
            partitions = BusinessShards.statusPartitions(businessId, status);
            String rangeFrom = Keys.orderStatusSkFrom(from);
            String rangeTo = Keys.orderStatusSkTo(to);
            queryOf = partition -> PartitionQuery.sortBetween(TableLayout.GSI1, partition, rangeFrom, rangeTo)
                    .backward()
                    .filtered(filter);
            // gsi1sk ends with the order id, so it orders every order of the business on its own.
            order = MergeOrder.descending(Attributes.GSI1_SK);
        }
        return queries.merged(
                scopeOf(queryOf.apply(partitions.get(0))), next, partitions, queryOf, size, order, false, Order::from);
    }

    /** The filters other than the range and the status: never key conditions, so a FilterExpression (or null). */
    private static Expression otherFilters(OrderFilters filters) {
        List<Expression> conditions = new ArrayList<>();
        if (filters.city() != null) {
            checkText("city", filters.city());
            conditions.add(Filters.equal(Values.s(filters.city().trim()), Attributes.SHIP_TO, Attributes.CITY));
        }
        if (filters.paymentCard() != null) {
            if (!Patterns.CARD_SHAPE.matcher(filters.paymentCard()).matches()) {
                throw ApiProblem.badParameter("paymentCard", "must match " + Patterns.CARD);
            }
            conditions.add(Filters.equal(Values.s(filters.paymentCard()), Attributes.PAYMENT_CARD));
        }
        if (filters.minTotalCents() != null) {
            conditions.add(Filters.atLeast(Values.n(parseCents(filters.minTotalCents())), Attributes.TOTAL_CENTS));
        }
        return conditions.isEmpty() ? null : Expression.and(conditions);
    }

    /**
     * A cursor's scope: the index and the values of the query of the business's first shard, which name the business,
     * the status, the range and every filter. Their text, not AttributeValue.toString (the SDK's general-purpose
     * printer, slow for a list's hot path), makes the scope.
     */
    private static String scopeOf(PartitionQuery first) {
        StringBuilder scope = new StringBuilder("business-orders|").append(first.index());
        first.values()
                .forEach((name, value) ->
                        scope.append('|').append(name).append('=').append(value.s() != null ? value.s() : value.n()));
        return scope.toString();
    }

    private static void checkRange(Instant from, Instant to) {
        if (from.isBefore(Instant.EPOCH) || to.isAfter(LATEST)) {
            throw ApiProblem.badParameter("from", "must lie between 1970 and 2286");
        }
        if (from.isAfter(to)) {
            throw ApiProblem.badParameter("from", "must not be after 'to'");
        }
    }

    private static void checkText(String field, String value) {
        if (value.length() > 100 || !Patterns.KEY_PART_SHAPE.matcher(value).matches()) {
            throw ApiProblem.badParameter(field, "must be at most 100 characters and " + Patterns.KEY_PART_MESSAGE);
        }
    }

    private static long parseCents(String value) {
        try {
            long cents = Long.parseLong(value.trim());
            if (cents >= 0) {
                return cents;
            }
        } catch (NumberFormatException e) {
            // fall through to the 400
        }
        throw ApiProblem.badParameter("minTotalCents", "must be a whole number of cents, 0 or more");
    }
}
