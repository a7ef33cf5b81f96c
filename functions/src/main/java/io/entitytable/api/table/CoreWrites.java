package io.entitytable.api.table;

import io.entitytable.api.access.CurrentEvent;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.EraseJob;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Retention;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import io.entitytable.model.access.ShardGrowthWrite;
import io.entitytable.model.move.BusinessRoute;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Every write the API makes. Each one is conditional (a create on the key not existing, an update or delete on the
 * version read), and each one that touches several items is a single TransactWriteItems, so a request either
 * writes everything it means to or nothing. A write that touches one item is a plain conditional request: it costs
 * half of a transaction.
 *
 * <p>A write that met another transaction on one of its items throws {@link TransactionConflict}: nothing was written,
 * and the caller runs its cycle again (docs/design.md, "Transaction conflicts").
 *
 * <p>The API writes core items and order lines, asks a refresh job for a pass in the transaction of a change that
 * needs one, and puts a business's erase job in the transaction that marks the business; duplicates, and where a job
 * stands, are the fan-out's and the worker's (docs/design.md, "Writes and the fan-out").
 */
@ApplicationScoped
public class CoreWrites {
    private final EntityTable table;
    private final CurrentEvent currentEvent;
    private final BusinessRoutes routes;

    @Inject
    public CoreWrites(EntityTable table, CurrentEvent request, BusinessRoutes routes) {
        this.table = table;
        this.currentEvent = request;
        this.routes = routes;
    }

    /** Writes outside any request and outside a move (the tenant import's): they name no request on what they write. */
    public CoreWrites(EntityTable table) {
        this(table, new CurrentEvent(), new BusinessRoutes(table, Optional.empty()));
    }

    /**
     * Puts a business with its child counters, and the request's idempotency record if it has one, in one transaction;
     * false if the id is taken (a ULID collision, practically never).
     *
     * @throws KeyAlreadyUsed when a live record of the request's key is there
     */
    public boolean createBusiness(Map<String, AttributeValue> item, Optional<IdempotencyRecord> record) {
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(actions().create(stamped(item)));
        ChildCounters.newItems(Values.string(item, Attributes.ID))
                .forEach(counter -> writes.add(actions().create(counter)));
        try {
            write(writes, record, item);
            return true;
        } catch (WriteConflict e) {
            return false;
        }
    }

    /**
     * Puts a customer, store or order (and an order's lines) and counts it on its business's counter, with the
     * request's idempotency record if it has one, in one transaction.
     *
     * @throws WriteConflict at action 0 when the business does not exist
     * @throws BusinessErasing when the business is being erased
     * @throws KeyAlreadyUsed when a live record of the request's key is there
     */
    public void createChild(
            String businessId, List<Map<String, AttributeValue>> items, Optional<IdempotencyRecord> record) {
        createChild(businessId, items, List.of(), List.of(), record);
    }

    /**
     * {@link #createChild(String, List, Optional)} for a subject brought back by the tenant import under the id it had,
     * with the links it lists from the start (a customer's {@code storeIds}): each link counts on its target in the
     * same transaction, as {@link #replaceCountingLink} counts one, so the target's {@code linkCount} is what the API's
     * links would have made it. The same transaction deletes the tombstone its delete left, when its entity leaves one
     * (the import of an erased business). A tombstone says "gone for good" of its id, and the fan-out reads it whenever
     * a Query finds neither key of a subject mid-rename, so one beside a live subject would have the subject's copies
     * deleted (docs/design.md, "Gone or renamed"). The delete comes after every other action, so theirs keep the places
     * {@link WriteConflict#action()} names; a customer's is its 100th at most (its count, itself, 97 links).
     *
     * @throws WriteConflict at action 0 when the business does not exist, at {@code items.size() + 1 + i} when the
     *     target of {@code links.get(i)} moved, went or is another business's
     * @throws BusinessErasing when the business is being erased
     */
    public void restoreChild(String businessId, List<Map<String, AttributeValue>> items, List<LinkChange> links) {
        Map<String, AttributeValue> child = items.get(0);
        List<ItemKey> tombstone = CoreItem.entityOf(child).leavesTombstone()
                ? List.of(Tombstone.keyOf(Values.string(child, Attributes.ID)))
                : List.of();
        createChild(businessId, items, links, tombstone, Optional.empty());
    }

    private void createChild(
            String businessId,
            List<Map<String, AttributeValue>> items,
            List<LinkChange> links,
            List<ItemKey> deleting,
            Optional<IdempotencyRecord> record) {
        Map<String, AttributeValue> child = items.get(0);
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(actions().countChild(businessId, child, 1));
        items.forEach(item -> writes.add(actions().create(stamped(item))));
        links.forEach(link -> writes.add(actions().countLink(link)));
        deleting.forEach(key -> writes.add(actions().delete(key, null)));
        try {
            write(writes, record, child);
        } catch (WriteConflict e) {
            throw e.action() == 0 ? erasingOr(e, businessId, child) : e;
        }
    }

    /**
     * {@link BusinessErasing} when the counter {@code child} counts on is marked (its business is being erased), else
     * {@code refusal}: the counter is missing (no business), or another condition failed. One GetItem, and only on a
     * refusal, so a create or delete costs what it did.
     */
    private RuntimeException erasingOr(WriteConflict refusal, String businessId, Map<String, AttributeValue> child) {
        return table.find(ChildCounters.of(businessId, child))
                        .filter(counter -> counter.containsKey(Attributes.ERASING))
                        .isPresent()
                ? new BusinessErasing(businessId)
                : refusal;
    }

    /**
     * Starts a business's erase in one transaction, with the request's idempotency record if it has one: marks the
     * business ({@link Attributes#ERASING}, version + 1, at the version read) and each of its child counters, so no
     * create counts on them any more, and puts the erase job's record ({@link EraseJob#newItem}). Nothing is sent to
     * the queue: the fan-out starts the job from the business's change.
     *
     * @throws WriteConflict at action 0 when the business changed, grew, went or is marked already; at 1 to {@link
     *     ChildCounters#countFor} its count when one of its counters is missing; at the one after when an erase of the
     *     business is still running on the job record
     * @throws KeyAlreadyUsed when a live record of the request's key is there
     */
    public void eraseBusiness(Map<String, AttributeValue> current, Instant at, Optional<IdempotencyRecord> record) {
        write(
                actions().eraseBusiness(current, at, currentEvent.requestId(), record.map(IdempotencyRecord::itemKey)),
                record,
                current);
    }

    /**
     * Sets a business's retention of finished subjects, in one UpdateItem.
     *
     * @throws WriteConflict when the business went or is being erased since it was read
     */
    public void setRetention(Map<String, AttributeValue> current, Retention retention) {
        write(List.of(actions().setRetention(current, retention)));
    }

    /**
     * Grows a business's shard count from the one {@code current} holds to {@code next}, with the child counters it
     * adds, in one write (a lone UpdateItem when it adds none): the business's count attributes alone (no version
     * bump), on condition that its count is still the one read and it is not being erased, then each new counter.
     *
     * @throws WriteConflict when the count changed since it was read, or the business went or is being erased
     */
    public void growShards(Map<String, AttributeValue> current, ShardCount next) {
        write(ShardGrowthWrite.actions(table.name(), current, next));
    }

    /**
     * Replaces a core item's public attributes with {@code next}'s, on condition that its version is still the one
     * read. Same key: one UpdateItem that leaves the counters alone. New key (a rename): Delete old + Put new in one
     * transaction. Attributes this code does not know are kept ({@link CoreItem#keepingUnknown}).
     *
     * @throws WriteConflict when the item changed or disappeared since it was read
     */
    public void replace(Map<String, AttributeValue> current, Map<String, AttributeValue> wanted) {
        write(replacing(current, wanted));
    }

    /**
     * {@link #replace}, with other items deleted ({@code deleting}, as they are) and put ({@code creating}, each on
     * condition that its key is new) in the same transaction: the values a change takes from a subject and gives it
     * ({@code UniqueValue}).
     *
     * @param taken what to throw when the item {@code creating.get(i)} names is there already, given {@code i}
     * @throws WriteConflict when the item changed or disappeared since it was read
     */
    public void replace(
            Map<String, AttributeValue> current,
            Map<String, AttributeValue> wanted,
            List<ItemKey> deleting,
            List<Map<String, AttributeValue>> creating,
            IntFunction<RuntimeException> taken) {
        List<TransactWriteItem> writes = new ArrayList<>(replacing(current, wanted));
        deleting.forEach(key -> writes.add(actions().delete(key, null)));
        int firstCreated = writes.size();
        creating.forEach(item -> writes.add(actions().create(item)));
        try {
            write(writes);
        } catch (WriteConflict e) {
            throw e.action() >= firstCreated ? taken.apply(e.action() - firstCreated) : e;
        }
    }

    /** The actions that replace {@code current} by {@code wanted}: in place, or under its new key (a rename). */
    private List<TransactWriteItem> replacing(Map<String, AttributeValue> current, Map<String, AttributeValue> wanted) {
        Map<String, AttributeValue> next = stamped(CoreItem.keepingUnknown(current, wanted));
        return current.get(Attributes.TYPE).equals(next.get(Attributes.TYPE))
                ? List.of(actions().replaceInPlace(current, next))
                : actions().replaceUnderNewKey(current, next);
    }

    /**
     * Like {@link #replace} for a customer whose key does not change and whose {@code storeIds} gains or loses one
     * store, counting the change on that store in the same transaction.
     *
     * @throws WriteConflict at action 0 when the customer changed, at 1 when the store moved, went or is another
     *     business's
     */
    public void replaceCountingLink(
            Map<String, AttributeValue> current, Map<String, AttributeValue> next, LinkChange link) {
        transact(List.of(
                actions().replaceInPlace(current, stamped(CoreItem.keepingUnknown(current, next))),
                actions().countLink(link)));
    }

    /**
     * Deletes a core item at the version read with everything {@code deletion} names, and the request's idempotency
     * record if it has one, in one transaction (a lone delete is a single conditional request).
     *
     * @throws WriteConflict when the item changed, the counter was not zero, or a store to uncount is not at that key
     *     any more (renamed or gone)
     * @throws BusinessErasing when the item's business is being erased
     * @throws KeyAlreadyUsed when a live record of the request's key is there
     */
    public void delete(Deletion deletion, Optional<IdempotencyRecord> record) {
        try {
            write(actions().deletion(deletion), record, deletion.current());
        } catch (WriteConflict e) {
            throw deletion.businessToUncount()
                    .map(businessId -> erasingOr(e, businessId, deletion.current()))
                    .orElse(e);
        }
    }

    /**
     * A core item to write, naming the request that writes it ({@link Attributes#CORRELATION_ID}), or no request when
     * there is none: never the one of the version it replaces. Order lines and counters are not stamped: the fan-out
     * and the indexer log by core item.
     */
    private Map<String, AttributeValue> stamped(Map<String, AttributeValue> item) {
        if (!CoreItem.isCore(item)) {
            return item;
        }
        Map<String, AttributeValue> stamped = new HashMap<>(item);
        stamped.remove(Attributes.CORRELATION_ID);
        currentEvent.requestId().ifPresent(id -> stamped.put(Attributes.CORRELATION_ID, Values.s(id)));
        return stamped;
    }

    /**
     * The write actions of the table that serves the current request's business (the home table but in a move), with
     * those of jobs on the home table, whose workers advance them.
     */
    private WriteActions actions() {
        return new WriteActions(table.name(), table.home());
    }

    /**
     * Sends {@code writes} as one transaction ({@link #transact(List)}), but a lone update or delete as a plain
     * conditional request, whose one condition is action 0; while the table moves, as a transaction too, which checks
     * the business's route.
     */
    private void write(List<TransactWriteItem> writes) {
        if (writes.size() > 1 || RequestRoute.current().isPresent()) {
            transact(writes);
            return;
        }
        Update update = writes.get(0).update();
        Delete delete = writes.get(0).delete();
        try {
            if (update != null) {
                table.dynamo().updateItem(ConditionalWrites.asUpdateItem(update));
            } else {
                table.dynamo().deleteItem(ConditionalWrites.asDeleteItem(delete));
            }
        } catch (ConditionalCheckFailedException e) {
            throw new WriteConflict(0);
        } catch (TransactionConflictException e) {
            throw new TransactionConflict();
        }
    }

    /**
     * {@link #write(List)} with the idempotency record, if any, as the last action: its condition failing means a
     * request with the same key committed first, which no retry of this one can change. The record is listed under the
     * business of {@code subject}, the core item the request writes.
     */
    private void write(
            List<TransactWriteItem> writes, Optional<IdempotencyRecord> record, Map<String, AttributeValue> subject) {
        if (record.isEmpty()) {
            write(writes);
            return;
        }
        List<TransactWriteItem> withRecord = new ArrayList<>(writes);
        withRecord.add(actions().record(record.get(), subject));
        try {
            transact(withRecord);
        } catch (WriteConflict e) {
            throw e.action() == writes.size() ? new KeyAlreadyUsed() : e;
        }
    }

    /**
     * Sends {@code writes} as one transaction; while the table moves, with the check of the business's route as its
     * last action (a single-item write is sent as a transaction for that), so that a write decided before its business
     * was fenced cannot land in a table that no longer serves it. Such a write waits for the cut-over, as the request
     * would have had it met the fence first, and is sent again to the table that serves the business then: the two
     * tables hold the same items in the same layout at a cut-over, so its conditions mean the same there. When the
     * business stays fenced, or is fenced again, it is answered 503, nothing written.
     */
    private void transact(List<TransactWriteItem> writes) {
        Optional<RequestRoute.Bound> route = RequestRoute.current();
        if (route.isEmpty()) {
            try {
                send(writes);
            } catch (TransactionCanceledException e) {
                throw TransactionCancellation.toException(e);
            }
            return;
        }
        String businessId = route.get().businessId();
        refuseEraseOutsideHome(writes, route.get().table(), businessId);
        if (routeChecked(writes, route.get().table(), businessId)) {
            return;
        }
        String serving = routes.servingTable(businessId);
        refuseEraseOutsideHome(writes, serving, businessId);
        RequestRoute.bind(new RequestRoute.Bound(businessId, serving));
        if (!routeChecked(retargeted(writes, route.get().table(), serving), serving, businessId)) {
            throw ApiProblem.businessMoving(businessId);
        }
    }

    /** Sends {@code writes} to {@code serving} with the route's check: false when that check failed. */
    private boolean routeChecked(List<TransactWriteItem> writes, String serving, String businessId) {
        List<TransactWriteItem> sent = new ArrayList<>(writes);
        sent.add(BusinessRoute.writeCheck(table.home(), serving, businessId));
        try {
            send(sent);
            return true;
        } catch (TransactionCanceledException e) {
            if (failedAt(e, writes.size())) {
                return false;
            }
            throw TransactionCancellation.toException(e);
        }
    }

    private void send(List<TransactWriteItem> actions) {
        table.dynamo().transactWriteItems(request -> request.transactItems(actions));
    }

    /**
     * Refuses {@code writes} that start a business's erase when {@code serving} is not the home table: the erase's
     * workers, on the home table, would delete the business's items there, and the move carries a business's deletes
     * only from the table that serves it.
     */
    private void refuseEraseOutsideHome(List<TransactWriteItem> writes, String serving, String businessId) {
        if (!serving.equals(table.home())
                && writes.stream().anyMatch(write -> write.put() != null && Keys.isEraseJob(keyOf(write)))) {
            throw ApiProblem.erasedAfterMove(businessId);
        }
    }

    /**
     * {@code writes} with each action on table {@code from} moved to table {@code to}, but those of jobs, which stay in
     * the home table ({@link WriteActions}).
     */
    private static List<TransactWriteItem> retargeted(List<TransactWriteItem> writes, String from, String to) {
        return writes.stream().map(write -> retargeted(write, from, to)).toList();
    }

    private static TransactWriteItem retargeted(TransactWriteItem write, String from, String to) {
        if (Keys.isJob(keyOf(write))) {
            return write;
        }
        TransactWriteItem.Builder moved = write.toBuilder();
        if (write.put() != null && write.put().tableName().equals(from)) {
            moved.put(write.put().toBuilder().tableName(to).build());
        }
        if (write.update() != null && write.update().tableName().equals(from)) {
            moved.update(write.update().toBuilder().tableName(to).build());
        }
        if (write.delete() != null && write.delete().tableName().equals(from)) {
            moved.delete(write.delete().toBuilder().tableName(to).build());
        }
        if (write.conditionCheck() != null && write.conditionCheck().tableName().equals(from)) {
            moved.conditionCheck(
                    write.conditionCheck().toBuilder().tableName(to).build());
        }
        return moved.build();
    }

    /** The key of the item {@code write} acts on. */
    private static ItemKey keyOf(TransactWriteItem write) {
        if (write.put() != null) {
            return ItemKey.of(write.put().item());
        }
        if (write.update() != null) {
            return ItemKey.of(write.update().key());
        }
        if (write.delete() != null) {
            return ItemKey.of(write.delete().key());
        }
        return ItemKey.of(write.conditionCheck().key());
    }

    private static boolean failedAt(TransactionCanceledException e, int action) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().size() > action
                && "ConditionalCheckFailed"
                        .equals(e.cancellationReasons().get(action).code());
    }
}
