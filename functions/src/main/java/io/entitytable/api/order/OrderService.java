package io.entitytable.api.order;

import io.entitytable.api.copies.Copies;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.ContinuedLists;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.archive.ArchivePage;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.CustomerSnapshot;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Order;
import io.entitytable.model.OrderLine;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.Filters;
import io.entitytable.model.access.MergeOrder;
import io.entitytable.model.access.PartitionQuery;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Orders and their lines: access patterns 4, 7, 8 and 9. Where the deployment has an archive, a finished order that
 * left the table is still read by id (pattern 8) and listed (patterns 4 and 7, {@link ContinuedLists}) from there, and
 * refused any change ({@code OptimisticWrites.requireChangeable}); the other lists hold live orders only.
 */
@Singleton
public class OrderService extends SubjectService<Order> {
    private final ContinuedLists continued;

    /** Without lists continued into the archive: for services built outside CDI, which have no archive either. */
    public OrderService(SubjectDependencies dependencies) {
        this(dependencies, null);
    }

    @Inject
    public OrderService(SubjectDependencies dependencies, ContinuedLists continued) {
        super(Entity.ORDER, dependencies);
        this.continued = continued;
    }

    /**
     * Places an order: the order item with an immutable snapshot of the customer's name and the chosen ship-to
     * address, its lines in the same item collection, and the count on the business, in one transaction
     * (docs/design.md, "The table").
     */
    public Order create(String customerId, OrderRequests.CreateOrder request, AnswerRecorder<? super Order> recorder) {
        DeclaredItem customer = (DeclaredItem) Entity.CUSTOMER.read(optimistic.require(Entity.CUSTOMER, customerId));
        @SuppressWarnings("unchecked")
        Address shipTo = customer.labelled(Attributes.MAILING_ADDRESSES, request.shipTo())
                .map(address -> Address.of((Map<String, ?>) address))
                .orElseThrow(() -> ApiProblem.invalid(
                        "shipTo", "the customer has no mailing address labelled '" + request.shipTo() + "'"));
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
                new CustomerSnapshot(
                        customer.text(Attributes.FIRST_NAME).orElseThrow(),
                        customer.text(Attributes.LAST_NAME).orElseThrow()),
                shipTo,
                lines,
                lines.size(),
                CoreFields.created(TagInputs.normalise(request.tags()), now),
                newShard(customer.businessId(), id, now));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(order.toItem());
        items.addAll(order.lineItems());
        optimistic.createChild(
                customer.businessId(),
                items,
                recorder.recordFor(order),
                () -> ApiProblem.conflict("the customer's business is being deleted; the order was not placed"));
        return order;
    }

    /**
     * Pattern 8: one Query {@code id = O} returns the order and every line (same item collection); an order the table
     * does not hold is looked for in the archive, one GET, and answered as it was archived.
     */
    public OrderRead read(String id) {
        Inputs.id("id", id);
        Optional<Order> live = live(id);
        if (live.isPresent()) {
            return OrderRead.live(live.get());
        }
        ArchivedOrder archived =
                optimistic.archive().find(Entity.ORDER, id).orElseThrow(() -> ApiProblem.notFound("order", id));
        optimistic.access().requireOwnedBy(archived.businessId(), Entity.ORDER.keyName(), id);
        return OrderRead.fromArchive(archived.order());
    }

    /** Pattern 8 in the table alone: the order as its change left it. */
    @Override
    public Order get(String id) {
        Inputs.id("id", id);
        return live(id).orElseThrow(() -> ApiProblem.notFound("order", id));
    }

    /** The order with its lines from the table (one consistent Query), if it is there; 404 if not the caller's. */
    private Optional<Order> live(String id) {
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
            return Optional.empty();
        }
        optimistic.access().requireItem(Entity.ORDER, id, orderItem);
        return Optional.of(Order.from(orderItem).withLines(lines));
    }

    public Order patch(String id, Long ifMatch, OrderRequests.PatchOrder patch) {
        modify(
                id,
                ifMatch,
                order -> order.withStatusAndCard(
                        patch.status() == null ? order.status() : OrderStatus.parse("status", patch.status()),
                        patch.paymentCard() == null ? order.paymentCard() : patch.paymentCard()));
        return get(id);
    }

    /** Deletes the order with all its lines (their keys follow from {@code lineCount}) in one transaction. */
    public void delete(String id, Long ifMatch) {
        delete(id, ifMatch, current -> {
            Order order = Order.from(current);
            return Deletion.of(current)
                    .withCollection(order.collectionKeys())
                    .uncountingOnBusiness(order.businessId())
                    .build();
        });
    }

    /**
     * Pattern 7: a customer's orders, newest first, one Query of customerIdGsi per page; with an archive, continued
     * into the customer's archived orders (one LIST more per page, and a GET of each archived order the page holds).
     */
    public Page<OrderRead> ofCustomer(String customerId, PageRequest page) {
        if (!optimistic.access().seesEverything()) {
            // One more read, for a business member only: the customer's business decides whether it may list.
            optimistic.require(Entity.CUSTOMER, customerId);
        }
        PartitionQuery query = AccessPattern.CUSTOMER_ORDERS.query(customerId, Keys.typePrefix(Entity.ORDER));
        Optional<OrderArchive> archive = archive();
        if (archive.isEmpty()) {
            return live(queries.list(AccessPattern.CUSTOMER_ORDERS, query, page, Order::from));
        }
        return continued.partition(
                AccessPattern.CUSTOMER_ORDERS,
                customerId,
                query,
                archiveSide(
                        (after, limit) -> archive.get().customerPage(customerId, after, limit),
                        archive.get(),
                        order -> true),
                page,
                item -> OrderRead.live(Order.from(item)));
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
    public Page<OrderRead> ofBusiness(OrderQuery query) {
        String businessId = query.businessId();
        optimistic.access().requireBusiness(businessId);
        if (query.sku().isPresent()) {
            return live(withSku(businessId, query.sku().get(), query.page()));
        }
        Expression filter = otherFilters(query);
        if (query.status().isEmpty()) {
            String rangeFrom = query.range().firstKey(Entity.ORDER);
            String rangeTo = query.range().lastKey(Entity.ORDER);
            Function<String, PartitionQuery> queryOf = partition -> AccessPattern.BUSINESS_ORDERS
                    .query(partition, rangeFrom, rangeTo)
                    .filtered(filter);
            Optional<OrderArchive> archive = archive();
            if (archive.isEmpty()) {
                return live(queries.businessShards(
                        AccessPattern.BUSINESS_ORDERS, businessId, queryOf, query.page(), Order::from));
            }
            // The range bounds the archive's listing as the key condition bounds the Queries; the other filters are
            // applied to the archived orders once read, as a FilterExpression is to the live ones.
            return continued.businessShards(
                    AccessPattern.BUSINESS_ORDERS,
                    businessId,
                    queryOf,
                    archiveSide(
                            (after, limit) -> archive.get()
                                    .businessPage(
                                            businessId,
                                            after,
                                            Optional.of(query.range().from()),
                                            Optional.of(query.range().to()),
                                            limit),
                            archive.get(),
                            matching(query)),
                    query.page(),
                    item -> OrderRead.live(Order.from(item)));
        }
        String status = query.status().get();
        String rangeFrom = Keys.createdSkFrom(query.range().from());
        String rangeTo = Keys.createdSkTo(query.range().to());
        return live(queries.sharded(
                AccessPattern.BUSINESS_ORDERS_IN_STATUS,
                businessId,
                shards -> shards.statusPartitions(status),
                partition -> AccessPattern.BUSINESS_ORDERS_IN_STATUS
                        .query(partition, rangeFrom, rangeTo)
                        .filtered(filter),
                query.page(),
                // gsi1sk ends with the order id, so it orders every order of the business on its own.
                MergeOrder.descending(Attributes.GSI1_SK),
                Order::from));
    }

    /** A page of live orders. */
    private static Page<OrderRead> live(Page<Order> page) {
        return new Page<>(page.items().stream().map(OrderRead::live).toList(), page.next());
    }

    /** The archive the lists continue into: none without one, or for a service built without lists continued. */
    private Optional<OrderArchive> archive() {
        return continued == null ? Optional.empty() : optimistic.archive().orders();
    }

    /** How a list pages through the archive. */
    @FunctionalInterface
    private interface ArchiveListing {
        ArchivePage page(Optional<ArchivePosition> after, int limit);
    }

    /**
     * The archive side of a list: its listing, and the archived orders of a page that pass {@code filter}, each as a
     * list answers an order (without its lines).
     */
    private static ContinuedLists.ArchiveSide<OrderRead> archiveSide(
            ArchiveListing listing, OrderArchive archive, Predicate<Order> filter) {
        return new ContinuedLists.ArchiveSide<>() {
            @Override
            public ArchivePage page(Optional<ArchivePosition> after, int limit) {
                return listing.page(after, limit);
            }

            @Override
            public Map<String, OrderRead> read(List<ArchivePosition> positions) {
                Map<String, OrderRead> orders = new LinkedHashMap<>();
                for (ArchivedOrder archived : archive.read(positions)) {
                    Order order = Order.from(archived.items().get(0));
                    if (filter.test(order)) {
                        orders.put(order.id(), OrderRead.fromArchive(order));
                    }
                }
                return orders;
            }
        };
    }

    /** {@link #otherFilters} for an order read from the archive. */
    private static Predicate<Order> matching(OrderQuery query) {
        return order -> query.city()
                        .map(city -> order.shipTo() != null
                                && city.equals(order.shipTo().city()))
                        .orElse(true)
                && query.paymentCard()
                        .map(card -> card.equals(order.paymentCard()))
                        .orElse(true)
                && query.minTotalCents()
                        .map(cents -> order.totalCents() >= cents)
                        .orElse(true);
    }

    /**
     * Pattern 15: the business's orders with a line of {@code sku}, from the SKU copies the fan-out keeps: one Query
     * {@code id = sku#B#<sku>[#n]} per shard of the business, in parallel, merged newest first. A SKU copy carries the
     * order's summary ({@code RelationshipCatalogue.SKU_COPY_ATTRIBUTES}), so that is what the list answers.
     */
    private Page<Order> withSku(String businessId, String sku, PageRequest page) {
        Page<CoreItem> copies = queries.sharded(
                AccessPattern.ORDERS_BY_SKU,
                businessId,
                shards -> shards.skuPartitions(sku),
                AccessPattern.ORDERS_BY_SKU::query,
                page,
                MergeOrder.descending(Attributes.TYPE),
                copy -> Copies.toSubject(copy, businessId));
        return new Page<>(copies.items().stream().map(Order.class::cast).toList(), copies.next());
    }

    /** The filters other than the range and the status: never key conditions, so a FilterExpression (or null). */
    private static Expression otherFilters(OrderQuery query) {
        List<Expression> conditions = new ArrayList<>();
        query.city()
                .ifPresent(city -> conditions.add(Filters.equal(Values.s(city), Attributes.SHIP_TO, Attributes.CITY)));
        query.paymentCard().ifPresent(card -> conditions.add(Filters.equal(Values.s(card), Attributes.PAYMENT_CARD)));
        query.minTotalCents()
                .ifPresent(cents -> conditions.add(Filters.atLeast(Values.n(cents), Attributes.TOTAL_CENTS)));
        return conditions.isEmpty() ? null : Expression.and(conditions);
    }
}
