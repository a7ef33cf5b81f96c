package io.entitytable.transfer;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An import's first pass: reads the whole file, line by line, and refuses it before anything is written unless every
 * line reads ({@link TenantFileReader}) and together they are one business the import can write: the business first
 * and once, the header's; every other subject that business's, each id once, in file order ({@link FileOrder}); every
 * link naming a subject the file holds before it; every stored shard of a child one the business's shard count has;
 * no value of a field declared unique ({@code Field#unique}) held by two subjects, as the markers the import writes
 * with them ({@link UniqueValue}) would refuse the second midway; each subject's writes within one transaction; and the
 * end line counting exactly the lines before it.
 *
 * <p>Memory: the ids read (to refuse a subject twice, as an export taken while a subject was renamed can hold it), the
 * key of every subject a link can name (a store's key carries its name, and the import counts each link on it), and
 * the key of every unique value's marker.
 */
final class TenantFileCheck {
    /**
     * What the check found: the business, the counts, and the key of each link target by id.
     *
     * @param linkTargets the key of every subject a link can name, by id
     */
    record CheckedFile(String businessId, Tally tally, Map<String, ItemKey> linkTargets) {}

    private TenantFileCheck() {}

    static CheckedFile check(Path file, ObjectMapper json) throws IOException {
        try (TenantFileReader reader = TenantFileReader.open(file, json)) {
            Checker checker = new Checker(reader, reader.header().businessId());
            Optional<TenantFileReader.Subject> next;
            while ((next = reader.next()).isPresent()) {
                checker.check(next.get().record(), next.get().archived());
            }
            return checker.finish(reader.end());
        }
    }

    /** The state of one pass: what the lines so far hold. */
    private static final class Checker {
        private final TenantFileReader reader;
        private final String businessId;
        private final Tally tally = new Tally();
        private final Set<String> ids = new HashSet<>();
        private final Map<String, ItemKey> targets = new HashMap<>();
        /** The subject holding each unique value read so far, by its marker's key. */
        private final Map<ItemKey, String> uniqueValues = new HashMap<>();

        private int rank = -1;
        /** The business's shard count: a child's stored shard is below it. */
        private ShardCount shards;

        Checker(TenantFileReader reader, String businessId) {
            this.reader = reader;
            this.businessId = businessId;
        }

        void check(CoreItem record, boolean archived) {
            Entity entity = record.entity();
            String subject = entity.keyName() + " " + record.id();
            if (ids.isEmpty() != entity.isTenant()) {
                throw reader.refusedHere(
                        ids.isEmpty() ? "the first subject must be the business, not " + subject : "a second business");
            }
            Map<String, AttributeValue> item = record.toItem();
            String owner = Values.string(item, Attributes.BUSINESS_ID);
            if (!businessId.equals(owner)) {
                throw reader.refusedHere(
                        subject + " belongs to business " + owner + ", the header names " + businessId);
            }
            if (entity.isTenant()) {
                shards = ShardCount.of(item);
            } else {
                Shard shard = Shard.of(item);
                if (shard.stored() && (!shards.stored() || shard.number() >= shards.count())) {
                    throw reader.refusedHere(subject + " is in shard " + shard.number() + ", which the business's "
                            + (shards.stored() ? "shard count " + shards.count() : "old fixed layout")
                            + " does not have");
                }
            }
            if (FileOrder.rank(entity) < rank) {
                throw reader.refusedHere(subject + " comes after subjects that must follow it (the order is "
                        + FileOrder.entities() + ")");
            }
            rank = FileOrder.rank(entity);
            if (!ids.add(record.id())) {
                throw reader.refusedHere(subject + " is in the file twice");
            }
            int links = 0;
            for (Entity.Link link : entity.link().stream().toList()) {
                for (String targetId : Values.set(item, link.attribute())) {
                    if (!targets.containsKey(targetId)) {
                        throw reader.refusedHere(subject + " links " + link.target() + " " + targetId
                                + ", which the file does not hold before it");
                    }
                    links++;
                }
            }
            List<UniqueValue> markers = UniqueValue.ofCore(item);
            for (UniqueValue marker : markers) {
                String holder = uniqueValues.putIfAbsent(marker.key(), marker.subject());
                if (holder != null) {
                    throw reader.refusedHere(subject + " holds " + marker.field() + " '" + marker.value() + "', which "
                            + holder.replace('#', ' ') + " holds too: no two " + entity.collection() + " of a business"
                            + " may hold one value of " + marker.field() + " (a unique field)");
                }
            }
            // A child's transaction (CoreWrites.restoreChild): the count on its business, its items and its unique
            // values' markers, the count on each target it links, and the delete of its tombstone when its entity
            // leaves one.
            int actions = 1
                    + 1
                    + record.collectionItems().size()
                    + markers.size()
                    + links
                    + (entity.leavesTombstone() ? 1 : 0);
            if (!entity.isTenant() && actions > Entity.MAX_TRANSACTION_WRITES) {
                throw reader.refusedHere(subject + " takes " + actions + " writes, more than one transaction holds ("
                        + Entity.MAX_TRANSACTION_WRITES + ")");
            }
            if (entity.linkedBy().isPresent()) {
                targets.put(record.id(), ItemKey.of(item));
            }
            if (archived) {
                tally.addArchived(record);
            } else {
                tally.add(record);
            }
        }

        CheckedFile finish(TenantFormat.End end) {
            if (ids.isEmpty()) {
                throw reader.refusedHere("the file holds no business");
            }
            if (!tally.matches(end)) {
                throw reader.refusedHere("the end line counts " + end.subjects() + " subjects and " + end.items()
                        + " items; the file holds " + tally.subjects() + " and " + tally.items());
            }
            return new CheckedFile(businessId, tally, Map.copyOf(targets));
        }
    }
}
