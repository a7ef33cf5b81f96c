package io.entitytable.fanout;

import static io.entitytable.model.RelationshipCatalogue.copyItem;
import static io.entitytable.model.SourceVersionCondition.ANY;
import static io.entitytable.model.SourceVersionCondition.CREATE_OR_ADVANCE;
import static io.entitytable.model.SourceVersionCondition.NOT_NEWER;
import static io.entitytable.model.SourceVersionCondition.REFRESH;

import io.entitytable.archive.job.ArchiveScheduling;
import io.entitytable.fanout.erase.EraseJobs;
import io.entitytable.fanout.refresh.RefreshJobs;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.CopyMetrics;
import io.entitytable.fanout.table.CopyPacer;
import io.entitytable.fanout.table.CopyWriter;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.fanout.table.TableReader;
import io.entitytable.fanout.table.TableReader.FoundCopy;
import io.entitytable.model.Attributes;
import io.entitytable.model.CopyPace;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.SourceVersionCondition;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Turns one core-item stream record into duplicate writes (see "Writes and the fan-out" in {@code docs/design.md}).
 * What a core image implies always comes from {@link RelationshipCatalogue#impliedBy}; what a copy carries always comes
 * from {@link RelationshipCatalogue#copyItem}. Every write carries a {@link SourceVersionCondition}. Which rules apply
 * to a subject is a question to its {@link Entity} definition: whether it owns a link ({@link Entity#link}), is a
 * link's target ({@link Entity#linkedBy}), has edges at all. Customers and stores below are the domain's one link: a
 * customer's {@code storeIds} lists the stores it manages.
 *
 * <h2>INSERT / MODIFY of subject X (new image N, version v)</h2>
 *
 * <ul>
 *   <li>a MODIFY with the same version on both images changed internal counters only: skipped;
 *   <li>every tag copy N implies is put from N ({@link SourceVersionCondition#CREATE_OR_ADVANCE});
 *   <li>for a customer, every store S newly in {@code storeIds} is linked (see below); a store that was already linked
 *       gets its {@code store#S / customer#C} copy refreshed from N ({@link SourceVersionCondition#REFRESH}: the link
 *       record made it; a refresh must not resurrect it after the store's delete cascade removed it);
 *   <li>what the old image implied and N does not is deleted ({@code sourceVersion <= old version}; a customer's edge
 *       copying a store unconditionally);
 *   <li>for a link's target (a store), its copies in owners' partitions are found through sourceGsi ({@code source =
 *       <x>#<id>}, all pages) and through the strongly consistent Query of its own edge partition {@code store#S}
 *       (each {@code store#S / customer#C} mirrors a {@code customer#C / store#S} copy of S): copies older than v are
 *       refreshed ({@link SourceVersionCondition#REFRESH}); a copy found there that X's own image decides (a tag copy
 *       from before copies of that kind left the index) and N does not imply is an orphan and is deleted. A store with
 *       more than {@link RefreshJob#INLINE_COPIES} edges is left to a pass of its refresh job ({@link RefreshJobs#ask}),
 *       which reads {@code store#S} after this change. Any other subject's copies are all decided by its images
 *       (tags, SKUs, its edges in its targets' partitions): they are neither in sourceGsi nor looked for there
 *       ({@link RelationshipCatalogue#isFoundThroughIndex}).
 * </ul>
 *
 * <h2>REMOVE of subject X (old image O, version v)</h2>
 *
 * If a live core item with the same id and entity exists (strongly consistent Query), the REMOVE is half of a rename
 * (TransactWriteItems Delete old key + Put new key): only relationships O implied and the live item does not are
 * deleted; the rename's INSERT refreshes the rest. Otherwise every copy of X (from O, and for a store from
 * sourceGsi) is deleted with {@code sourceVersion <= v}, and so is every edge in X's own partition ({@code
 * customer#C}/{@code store#S}) and its mirror; for a store deleted with its links, or with more than {@link RefreshJob#INLINE_COPIES} edges, that is a pass
 * of its refresh job, whose worker also takes the store out of the customers that still list it.
 *
 * <h2>The sourceGsi race, and how it is closed</h2>
 *
 * sourceGsi is eventually consistent, so a refresh or delete cascade of X may miss a copy of X written a moment earlier.
 * Which copies can be written by someone other than X's own fan-out? Tag copies and store-side edges ({@code store#S /
 * customer#C}) copy the subject whose record is being processed: they are written only while processing X's own records,
 * which arrive in order, one at a time, so X's later records already know them from X's own images, without the index.
 * The only copy of X written by another subject's fan-out is the customer-side edge {@code customer#C / store#S}, a copy
 * of store S written while linking C. {@link #link} closes that race in three steps:
 *
 * <ol>
 *   <li>it writes the store-side edge {@code store#S / customer#C} first, then the customer-side copy of S read with a
 *       strongly consistent read;
 *   <li>it re-reads S strongly consistently after the copy is written, and rewrites the copy (or deletes both edges if
 *       S is gone) until the re-read shows the version it copied;
 *   <li>a store's own fan-out finds its customer-side copies not only through sourceGsi but also through the strongly
 *       consistent Query of {@code store#S}, whose items name every linked customer.
 * </ol>
 *
 * Why this is enough: let W be the moment both edges are written and R the confirming re-read (R after W). A change of
 * S committed before R is seen by R and the copy is rewritten (or removed). A change of S committed after R is also
 * after W, and that change's stream record is processed after it commits, so its strongly consistent Query of {@code
 * store#S} sees {@code store#S / customer#C} and refreshes (or deletes) {@code customer#C / store#S} directly. No
 * interleaving leaves a copy of S older than S's last change, or a copy of a deleted S.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.Reads">GSI reads are
 *     eventually consistent</a>
 */
final class ChangeFanout {
    /** Re-reads of a store while linking; a store changing this often fails the record, which is then retried. */
    static final int MAX_LINK_CONFIRMATIONS = 5;

    private final TableReader reader;
    private final CopyWriter writer;
    private final BoundedParallel parallel;
    private final FanoutStats stats;
    private final CopyMetrics copies;
    private final RefreshJobs jobs;
    private final RefreshQueue queue;
    private final EraseJobs erases;
    private final Optional<ArchiveScheduling> archiving;

    ChangeFanout(
            FanoutTable table,
            BoundedParallel parallel,
            RefreshJobs jobs,
            RefreshQueue queue,
            Optional<ArchiveScheduling> archiving) {
        this.reader = new TableReader(table);
        this.writer = new CopyWriter(table);
        this.parallel = parallel;
        this.stats = table.stats();
        this.copies = table.copies();
        this.jobs = jobs;
        this.queue = queue;
        this.erases = new EraseJobs(table, queue, Clock.systemUTC());
        this.archiving = archiving;
    }

    void apply(Record record) {
        Optional<CoreChange> read = CoreChange.of(record);
        if (read.isEmpty()) {
            stats.add(FanoutStats.Count.SKIPPED);
            return;
        }
        CoreChange change = read.get();
        if (change.isRemove()) {
            remove(change);
        } else if (change.isCounterOnly()) {
            stats.add(FanoutStats.Count.SKIPPED);
            if (change.entity().isTenant()) {
                // A setting of the business (its retention) changes without a new version, as a counter does.
                archiving.ifPresent(schedules -> schedules.settingsChanged(change.oldImage(), change.newImage()));
            }
        } else {
            upsert(change);
            archiving.ifPresent(schedules -> schedules.changed(change.entity(), change.oldImage(), change.newImage()));
            if (change.newImage().containsKey(Attributes.ERASING)
                    && change.entity().isTenant()) {
                // The API marked the business for erasing in this change: its erase job starts.
                erases.started(change.id());
            }
        }
    }

    // ---- INSERT / MODIFY --------------------------------------------------------------------------------------

    private void upsert(CoreChange change) {
        Map<String, AttributeValue> image = change.newImage();
        Set<Duplicate> now = RelationshipCatalogue.impliedBy(image);
        Set<Duplicate> before =
                change.oldImage() == null ? Set.of() : RelationshipCatalogue.impliedBy(change.oldImage());
        Set<ItemKey> handled = new HashSet<>();
        List<Runnable> writes = new ArrayList<>();

        for (Duplicate duplicate : now) {
            handled.add(duplicate.key());
            if (duplicate.kind().isKeyedCopy()) {
                writes.add(() -> writer.put(copyItem(duplicate, image), CREATE_OR_ADVANCE));
            }
        }
        Set<String> linkedBefore = EdgePair.byTarget(change.entity(), before).keySet();
        for (EdgePair edges : EdgePair.byTarget(change.entity(), now).values()) {
            if (linkedBefore.contains(edges.target().id())) {
                writes.add(() -> writer.put(copyItem(edges.targetSide(), image), REFRESH));
            } else {
                writes.add(() -> link(edges, image));
            }
        }
        for (Duplicate duplicate : before) {
            if (!now.contains(duplicate)) {
                handled.add(duplicate.key());
                writes.add(() -> deleteNoLongerImplied(duplicate, change, change.oldVersion()));
            }
        }
        parallel.runAll(writes);
        refreshOtherCopies(change, handled);
    }

    /**
     * Links the owner (image {@code owner}, customer C) to the target (store S): both edges, then the confirming
     * re-read that closes the sourceGsi race (see the class comment).
     */
    private void link(EdgePair edges, Map<String, AttributeValue> owner) {
        Duplicate targetSide = edges.targetSide();
        Duplicate ownerSide = edges.ownerSide();
        Keys.SubjectRef target = edges.target();
        long ownerVersion = CoreChange.version(owner);
        Optional<Map<String, AttributeValue>> current = reader.currentCore(target.entity(), target.id());
        if (current.isEmpty()) {
            dropLink(targetSide, ownerSide, ownerVersion);
            unlinkFromGoneTarget(target, owner);
            return;
        }
        writer.put(copyItem(targetSide, owner), CREATE_OR_ADVANCE);
        Map<String, AttributeValue> copied = current.get();
        for (int attempt = 0; attempt < MAX_LINK_CONFIRMATIONS; attempt++) {
            // Copies a store that may not have changed for months: the copy follows the owner's change.
            writer.put(copyItem(ownerSide, copied), CREATE_OR_ADVANCE, owner);
            Optional<Map<String, AttributeValue>> again = reader.currentCore(target.entity(), target.id());
            if (again.isEmpty()) {
                dropLink(targetSide, ownerSide, ownerVersion);
                unlinkFromGoneTarget(target, owner);
                return;
            }
            if (CoreChange.version(again.get()) == CoreChange.version(copied)) {
                return;
            }
            copied = again.get();
        }
        throw new IllegalStateException(target + " kept changing while being linked; retry the record");
    }

    /**
     * An owner lists a target that is gone: a store deleted with its links ({@code DELETE /stores/{id}?unlink=true})
     * after this customer's link was counted but before its edges were written, so the store's refresh job could not
     * find this customer. The worker removes the target from the owner (the fan-out never writes a core item).
     */
    private void unlinkFromGoneTarget(Keys.SubjectRef target, Map<String, AttributeValue> owner) {
        queue.send(RefreshMessage.unlink(target.toString(), Values.string(owner, Attributes.ID)));
    }

    /** An owner lists a target that does not exist (any more): neither edge may exist. */
    private void dropLink(Duplicate targetSide, Duplicate ownerSide, long ownerVersion) {
        writer.delete(targetSide.key(), NOT_NEWER, ownerVersion);
        writer.delete(ownerSide.key(), ANY, 0);
    }

    /**
     * Deletes a duplicate the subject's image no longer implies. A copy of the subject itself is deleted only if it is
     * not newer than {@code supersededVersion}; an owner's edge copying its target (a customer's, copying a store)
     * carries the target's version, which says nothing about this record, so it goes unconditionally (the owner's
     * records are processed in order).
     */
    private void deleteNoLongerImplied(Duplicate duplicate, CoreChange change, long supersededVersion) {
        if (duplicate.type().equals(change.subjectRef())) {
            writer.delete(duplicate.key(), NOT_NEWER, supersededVersion);
        } else {
            writer.delete(duplicate.key(), ANY, 0);
        }
    }

    private void refreshOtherCopies(CoreChange change, Set<ItemKey> handled) {
        if (!isLinkTarget(change.entity())) {
            // Every copy of a subject that nothing links is decided by its own images: handled above.
            return;
        }
        Map<String, AttributeValue> image = change.newImage();
        long version = change.newVersion();
        // Strongly consistent discovery of the owner-side copies of this target, a store's in the customers' partitions
        // (closes the sourceGsi race).
        Optional<List<ItemKey>> few = reader.ownedEdgesUpTo(change.subjectRef(), RefreshJob.INLINE_COPIES);
        if (few.isEmpty()) {
            // Too many to refresh here: a pass of the target's refresh job reads them, after this change.
            askUnlessErasing(change, image, version);
            return;
        }
        List<ItemKey> ownedEdges = few.get();
        Map<ItemKey, Long> found = new LinkedHashMap<>();
        for (FoundCopy copy : reader.copiesOf(change.subjectRef())) {
            found.put(copy.key(), copy.sourceVersion());
        }
        for (ItemKey owned : ownedEdges) {
            found.putIfAbsent(owned.mirror(), null);
        }
        List<Runnable> writes = new ArrayList<>();
        CopyPacer pacer = copyPacer();
        found.forEach((key, sourceVersion) -> {
            if (handled.contains(key)) {
                return;
            }
            if (sourceVersion != null && sourceVersion >= version) {
                copies.alreadyCurrent(key);
                return;
            }
            Duplicate duplicate = Duplicate.at(key);
            if (decidedBySubjectItself(duplicate, change.entity())) {
                // The image at hand does not imply it (else it would be handled): an orphan of an older version.
                writes.add(paced(pacer, () -> writer.delete(key, NOT_NEWER, version - 1)));
            } else {
                writes.add(paced(pacer, () -> writer.put(copyItem(duplicate, image), REFRESH)));
            }
        });
        parallel.runAll(writes);
    }

    /**
     * The copies found through sourceGsi all share the subject's one sourceGsi partition, so their writes are held to
     * {@link CopyPace} (a new bucket per change: one change's copies are the burst that partition must absorb).
     */
    private static CopyPacer copyPacer() {
        return new CopyPacer(CopyPace.COPIES_PER_SECOND, CopyPace.BURST);
    }

    private static Runnable paced(CopyPacer pacer, Runnable write) {
        return () -> {
            pacer.acquire();
            write.run();
        };
    }

    /**
     * Asks the target's refresh job for a pass unless its business is being erased (it carries the marker) or was
     * (it is gone and its erase's record is there: this record came late): the erase deletes every owner too, and
     * each owner's own removal takes both edges of each of its links, so no job is needed, and none is left behind
     * once the erase has deleted the target with its job item.
     */
    private void askUnlessErasing(CoreChange change, Map<String, AttributeValue> image, long version) {
        String businessId = businessOf(image);
        boolean erasing = reader.currentCore(Entity.BUSINESS, businessId)
                .map(business -> business.containsKey(Attributes.ERASING))
                .orElseGet(() -> erases.get(businessId).isPresent());
        if (erasing) {
            stats.add(FanoutStats.Count.SKIPPED);
            return;
        }
        jobs.ask(subjectOf(change), businessId, version, linkCountOf(image));
    }

    private static Keys.SubjectRef subjectOf(CoreChange change) {
        return new Keys.SubjectRef(change.entity(), change.id());
    }

    private static String businessOf(Map<String, AttributeValue> image) {
        return Values.string(image, Attributes.BUSINESS_ID);
    }

    private static long linkCountOf(Map<String, AttributeValue> image) {
        return Values.number(image, Attributes.LINK_COUNT);
    }

    /**
     * Tag and SKU copies, and the edges of a link's owner (a customer's copies in the stores' partitions), exist
     * because of the subject's own image, nothing else: only the owner's image lists its links.
     */
    private static boolean decidedBySubjectItself(Duplicate duplicate, Entity subject) {
        return duplicate.kind().isKeyedCopy() || subject.link().isPresent();
    }

    /**
     * A link's target (a store) may be linked by more owners than one stream record can refresh, so its edges are
     * counted before they are worked and too many are left to its refresh job; an owner's links are in its own image.
     */
    private static boolean isLinkTarget(Entity subject) {
        return subject.linkedBy().isPresent();
    }

    // ---- REMOVE -----------------------------------------------------------------------------------------------

    private void remove(CoreChange change) {
        Map<String, AttributeValue> image = change.oldImage();
        long version = change.oldVersion();
        Set<Duplicate> before = RelationshipCatalogue.impliedBy(image);
        Optional<Map<String, AttributeValue>> live = reader.currentCore(change.entity(), change.id());
        List<Runnable> writes = new ArrayList<>();
        if (live.isPresent()) {
            // A rename: the new key's INSERT carries the subject on; drop only what the live item no longer implies.
            Set<Duplicate> still = RelationshipCatalogue.impliedBy(live.get());
            for (Duplicate duplicate : before) {
                if (!still.contains(duplicate)) {
                    writes.add(() -> deleteNoLongerImplied(duplicate, change, version));
                }
            }
            parallel.runAll(writes);
            return;
        }
        Set<ItemKey> done = new HashSet<>();
        for (Duplicate duplicate : before) {
            done.add(duplicate.key());
            writes.add(() -> deleteNoLongerImplied(duplicate, change, version));
        }
        if (isLinkTarget(change.entity())
                && (linkCountOf(image) > 0
                        || reader.ownedEdgesUpTo(change.subjectRef(), RefreshJob.INLINE_COPIES)
                                .isEmpty())) {
            // Deleted with its links, or too many edges to delete here: a pass of the target's refresh job unlinks
            // its owners (a store's customers) and deletes its edges. The removal orders after the last version.
            parallel.runAll(writes);
            askUnlessErasing(change, image, version + 1);
            return;
        }
        if (isLinkTarget(change.entity())) {
            // Its copies in owners' partitions, which owners' fan-outs wrote; every other copy is in its image.
            CopyPacer pacer = copyPacer();
            for (FoundCopy copy : reader.copiesOf(change.subjectRef())) {
                if (done.add(copy.key())) {
                    writes.add(paced(pacer, () -> writer.delete(copy.key(), NOT_NEWER, version)));
                }
            }
        }
        if (change.entity().hasEdges()) {
            for (ItemKey owned : reader.ownedEdges(change.subjectRef())) {
                if (done.add(owned)) {
                    // A copy of the other side, in the partition of a subject that is gone for good (ids are ULIDs).
                    writes.add(() -> writer.delete(owned, ANY, 0));
                }
                ItemKey mirror = owned.mirror();
                if (done.add(mirror)) {
                    writes.add(() -> writer.delete(mirror, NOT_NEWER, version));
                }
            }
        }
        parallel.runAll(writes);
    }
}
