package io.entitytable.api.write;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.LinkChange;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.table.ShardCounts;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What every subject's service (business, customer, store, order) shares: the entity it serves, the table it reads
 * and writes, the optimistic cycle of {@link OptimisticWrites} bound to that entity (a subject changed at the version
 * read), and its links to other subjects. Each service adds what its entity alone does.
 *
 * <p>The services are {@code @Singleton}s, as the resources are: a normal-scoped bean needs a no-args constructor for
 * its client proxy, which ArC cannot add to a subclass of this class, and a service keeps no state a proxy would serve.
 */
public abstract class SubjectService {
    /**
     * A subject links at most this many others ({@link Entity#link}, a customer's stores): its delete uncounts it on
     * each one it links in the same transaction as the delete, its tombstone and the count on its business, and 97 + 3
     * is DynamoDB's 100 actions per transaction.
     */
    public static final int MAX_LINKS = 97;

    protected final OptimisticWrites optimistic;
    protected final CoreWrites writes;
    protected final EntityTable table;
    protected final PagedQueries queries;
    protected final ShardCounts shards;
    protected final Entity entity;

    protected SubjectService(Entity entity, SubjectDependencies dependencies) {
        this.entity = entity;
        this.shards = dependencies.shards();
        this.optimistic = dependencies.optimistic();
        this.writes = dependencies.writes();
        this.table = dependencies.table();
        this.queries = dependencies.queries();
    }

    public Instant now() {
        return optimistic.now();
    }

    /**
     * Adds {@code targetId} to the subject's link ({@link Entity#link}). The target must exist and belong to the
     * subject's business; the same transaction counts the link on the target's {@code linkCount} on condition that the
     * target is still there, so a target deleted in the meantime cannot be linked, and a target cannot be deleted while
     * a subject lists it. Linking what it already links changes nothing.
     */
    public DeclaredItem link(String id, String targetId) {
        Entity.Link link = entity.link().orElseThrow();
        String parameter = link.target().keyName() + "Id";
        Inputs.id(parameter, targetId);
        return changeLink(id, linked -> linked.add(targetId), (current, subject, changed) -> {
            if (changed.linked().size() > MAX_LINKS) {
                throw ApiProblem.invalid(
                        link.attribute(),
                        "a " + entity.keyName() + " links at most " + MAX_LINKS + " "
                                + link.target().collection());
            }
            Map<String, AttributeValue> target = table.findCore(link.target(), targetId)
                    .orElseThrow(() -> ApiProblem.notFound(link.target().keyName(), targetId));
            optimistic.access().requireItem(link.target(), targetId, target);
            String businessId = Values.string(current, Attributes.BUSINESS_ID);
            if (!businessId.equals(Values.string(target, Attributes.BUSINESS_ID))) {
                throw ApiProblem.invalid(
                        parameter, link.target().keyName() + " " + targetId + " belongs to another business");
            }
            writes.replaceCountingLink(current, changed.toItem(), LinkChange.linking(ItemKey.of(target), businessId));
        });
    }

    /**
     * Removes {@code targetId} from the subject's link and uncounts the link on the target, in one transaction;
     * unlinking what it does not link changes nothing.
     */
    public DeclaredItem unlink(String id, String targetId) {
        Entity.Link link = entity.link().orElseThrow();
        Inputs.id(link.target().keyName() + "Id", targetId);
        return changeLink(id, linked -> linked.remove(targetId), (current, subject, changed) -> {
            Optional<Map<String, AttributeValue>> target = table.findCore(link.target(), targetId);
            if (target.isPresent()) {
                writes.replaceCountingLink(current, changed.toItem(), LinkChange.unlinking(ItemKey.of(target.get())));
            } else {
                // Only data from before targets counted their links can name a target that is gone: nothing to uncount.
                writes.replace(current, changed.toItem());
            }
        });
    }

    /**
     * The optimistic cycle of a link's change: the subject with its link changed by {@code edit}, at version + 1 and
     * written by {@code write}; the subject as read when the edit changes nothing.
     */
    private DeclaredItem changeLink(
            String id, Consumer<Set<String>> edit, OptimisticWrites.ChangeWrite<DeclaredItem> write) {
        return optimistic.modify(
                entity,
                id,
                null,
                (DeclaredItem subject) -> {
                    Set<String> linked = new TreeSet<>(subject.linked());
                    edit.accept(linked);
                    return subject.withLinked(linked);
                },
                write);
    }

    /**
     * The current keys of the targets the subject links, for its delete to uncount each (a target's sort key may carry
     * its name, so each is read: one Query). A target that does not exist is left out: only data written before targets
     * counted their links can name one. A subject that links more than {@link #MAX_LINKS} (data written under a higher
     * limit, which a table may still hold) would not fit in the delete's one transaction: it is a 409 until enough are
     * unlinked.
     */
    protected List<ItemKey> linkedTargets(Map<String, AttributeValue> current) {
        Optional<Entity.Link> link = entity.link();
        if (link.isEmpty()) {
            return List.of();
        }
        Set<String> linked = Values.set(current, link.get().attribute());
        if (linked.size() > MAX_LINKS) {
            throw ApiProblem.conflict(entity.keyName() + " " + Values.string(current, Attributes.ID) + " links "
                    + linked.size() + " " + link.get().target().collection() + "; unlink "
                    + (linked.size() - MAX_LINKS) + " of them before deleting it (at most " + MAX_LINKS
                    + " are uncounted in the delete's one transaction)");
        }
        return linked.stream()
                .map(targetId -> table.findCore(link.get().target(), targetId))
                .flatMap(Optional::stream)
                .map(ItemKey::of)
                .toList();
    }
}
