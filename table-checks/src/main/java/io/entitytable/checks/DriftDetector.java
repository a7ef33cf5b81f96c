package io.entitytable.checks;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Keys.SubjectRef;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compares the duplicates of a scanned table with what its core items imply: every implied copy exists and is current,
 * and no other copy exists (the invariants of "Writes and the fan-out" in {@code docs/design.md}). The expected copies
 * come from {@link RelationshipCatalogue#impliedBy} and {@link RelationshipCatalogue#copyItem}, the same functions the
 * fan-out writes with; nothing here re-derives a rule, except the one the catalogue leaves to its callers: an edge
 * exists only while both ends exist (a customer may still list a deleted store; the fan-out's cascade removed both
 * edges, and verify reports the {@code storeIds} entry as a dangling reference).
 *
 * <p>The markers of unique values are compared with the subjects that hold them ({@link UniqueMarkerDrift}), and the
 * index attributes of core items with what their records write ({@link IndexAttributeDrift}), from the same Scan.
 *
 * <p>A store of another business in a customer's {@code storeIds} is also a dangling reference (the API refuses such
 * links), but its edges are still expected: the fan-out writes them, and the fix is unlinking it through the API.
 */
public final class DriftDetector {
    private DriftDetector() {}

    public static DriftReport detect(ScannedTable table) {
        List<Finding> findings = new ArrayList<>();
        Map<ItemKey, ExpectedCopy> expected = expectedCopies(table);
        expected.forEach(
                (key, copy) -> compare(key, copy, table.duplicates().get(key)).ifPresent(findings::add));
        table.duplicates().forEach((key, item) -> {
            if (!expected.containsKey(key)) {
                findings.add(orphaned(key, item, table));
            }
        });
        findings.addAll(danglingReferences(table));
        findings.addAll(tombstonesOfLiveSubjects(table));
        findings.addAll(UniqueMarkerDrift.detect(table));
        findings.addAll(IndexAttributeDrift.detect(table));
        return new DriftReport(table, findings);
    }

    /**
     * Each tombstone beside the live item of its subject (of an entity that leaves one): deleted by repair on condition
     * that the subject is still there, and that the item is still a tombstone (it has no {@code sourceVersion}).
     */
    private static List<Finding> tombstonesOfLiveSubjects(ScannedTable table) {
        List<Finding> findings = new ArrayList<>();
        table.tombstones().forEach((id, tombstone) -> Entity.all().stream()
                .filter(Entity::leavesTombstone)
                .map(entity -> table.core(Keys.subjectRef(entity, id)))
                .flatMap(Optional::stream)
                .findFirst()
                .ifPresent(live -> findings.add(new Finding(
                        DriftClass.TOMBSTONE_OF_LIVE_SUBJECT,
                        ItemKey.of(tombstone),
                        "its subject is there, at version " + Values.number(live, Attributes.VERSION),
                        tombstone,
                        null,
                        List.of(CoreItemGuard.exists(live))))));
        return findings;
    }

    /** A copy the table should hold and the core items it was decided from. */
    private record ExpectedCopy(Map<String, AttributeValue> item, List<CoreItemGuard> guards) {}

    private static Map<ItemKey, ExpectedCopy> expectedCopies(ScannedTable table) {
        Map<ItemKey, ExpectedCopy> expected = new TreeMap<>();
        for (Map<String, AttributeValue> core : table.coreBySubject().values()) {
            for (Duplicate duplicate : RelationshipCatalogue.impliedBy(core)) {
                Optional<Map<String, AttributeValue>> source = table.core(duplicate.type());
                Optional<Map<String, AttributeValue>> owner =
                        duplicate.kind() == ItemKind.EDGE ? table.core(duplicate.id()) : Optional.of(core);
                if (source.isPresent() && owner.isPresent()) {
                    expected.put(
                            duplicate.key(),
                            new ExpectedCopy(
                                    RelationshipCatalogue.copyItem(duplicate, source.get()),
                                    guards(core, source.get(), owner.get())));
                }
            }
        }
        return expected;
    }

    /** The implying item and the source at the versions read; the far end of an edge only has to exist. */
    private static List<CoreItemGuard> guards(
            Map<String, AttributeValue> implier,
            Map<String, AttributeValue> source,
            Map<String, AttributeValue> owner) {
        Map<ItemKey, CoreItemGuard> guards = new TreeMap<>();
        guards.put(ItemKey.of(implier), CoreItemGuard.atVersion(implier));
        guards.putIfAbsent(ItemKey.of(source), CoreItemGuard.atVersion(source));
        guards.putIfAbsent(ItemKey.of(owner), CoreItemGuard.exists(owner));
        return List.copyOf(guards.values());
    }

    private static Optional<Finding> compare(ItemKey key, ExpectedCopy copy, Map<String, AttributeValue> found) {
        long want = Values.number(copy.item(), Attributes.SOURCE_VERSION);
        if (found == null) {
            return Optional.of(new Finding(
                    DriftClass.MISSING_COPY, key, "want sourceVersion " + want, null, copy.item(), copy.guards()));
        }
        long has = Values.number(found, Attributes.SOURCE_VERSION);
        if (has > want) {
            return Optional.of(new Finding(
                    DriftClass.COPY_AHEAD_OF_SOURCE,
                    key,
                    "sourceVersion " + has + " but the source is at version " + want + " (not repaired)",
                    found,
                    copy.item(),
                    copy.guards()));
        }
        Set<String> leaks = new LinkedHashSet<>();
        RelationshipCatalogue.INDEX_ATTRIBUTES.stream()
                .sorted()
                .filter(found::containsKey)
                .forEach(leaks::add);
        if (!leaks.isEmpty()) {
            return Optional.of(new Finding(
                    DriftClass.INDEX_ATTRIBUTE_LEAK,
                    key,
                    "carries " + String.join(", ", leaks),
                    found,
                    copy.item(),
                    copy.guards()));
        }
        Map<String, AttributeValue> held = withoutLeftoverSourceKey(key, found);
        if (!CanonicalItem.sameContent(held, copy.item())) {
            String detail = has < want
                    ? "sourceVersion " + has + " behind the source's version " + want
                    : "sourceVersion " + has + " but other content: "
                            + String.join(", ", CanonicalItem.differingAttributes(held, copy.item()));
            return Optional.of(new Finding(DriftClass.STALE_COPY, key, detail, found, copy.item(), copy.guards()));
        }
        return Optional.empty();
    }

    /**
     * The copy as found, less a {@code source} that a copy of its kind no longer carries: copies written before only a
     * link target's copies in owners' partitions were kept in sourceGsi carry it still. It says nothing a reader sees
     * and the fan-out's next write of the copy drops it, so it is not drift.
     */
    private static Map<String, AttributeValue> withoutLeftoverSourceKey(
            ItemKey key, Map<String, AttributeValue> found) {
        if (!found.containsKey(Attributes.SOURCE) || RelationshipCatalogue.isFoundThroughIndex(Duplicate.at(key))) {
            return found;
        }
        Map<String, AttributeValue> held = new HashMap<>(found);
        held.remove(Attributes.SOURCE);
        return held;
    }

    /**
     * Why a duplicate is implied by nothing, and which core item that was decided from (re-checked before the delete,
     * so a tag added or a store linked since the Scan cancels it). A gone item is not guarded: ids are never reused.
     */
    private static Finding orphaned(ItemKey key, Map<String, AttributeValue> item, ScannedTable table) {
        Optional<SubjectRef> source = Keys.parseSubjectRef(key.type());
        if (source.isEmpty()) {
            return orphan(key, item, "not a key the relationship catalogue produces", List.of());
        }
        Optional<Map<String, AttributeValue>> sourceItem = table.core(key.type());
        if (sourceItem.isEmpty()) {
            return orphan(key, item, "its source " + key.type() + " does not exist", List.of());
        }
        Optional<Keys.TagPartition> tag = Keys.parseTagPartition(key.id());
        if (tag.isPresent()) {
            return orphan(
                    key,
                    item,
                    tagOrphanReason(key, tag.get(), sourceItem.get()),
                    List.of(CoreItemGuard.atVersion(sourceItem.get())));
        }
        Optional<SubjectRef> owner = Keys.parseSubjectRef(key.id());
        if (owner.isEmpty()) {
            return orphan(key, item, "not a key the relationship catalogue produces", List.of());
        }
        Optional<Entity.Link> link = linkBetween(owner.get(), source.get());
        if (link.isEmpty()) {
            return orphan(key, item, "not an edge of a link between two subjects", List.of());
        }
        // An edge lives in either end's partition; the link's owner decides whether it exists.
        SubjectRef linkOwner = owner.get().entity() == link.get().owner() ? owner.get() : source.get();
        SubjectRef linkTarget = linkOwner == owner.get() ? source.get() : owner.get();
        Optional<Map<String, AttributeValue>> ownerItem = table.core(linkOwner.toString());
        if (ownerItem.isEmpty()) {
            return orphan(key, item, describe(linkOwner) + " does not exist", List.of());
        }
        if (table.core(linkTarget.toString()).isEmpty()) {
            return orphan(key, item, describe(linkTarget) + " does not exist", List.of());
        }
        return orphan(
                key,
                item,
                describe(linkOwner) + " v" + version(ownerItem.get()) + " does not list " + describe(linkTarget),
                List.of(CoreItemGuard.atVersion(ownerItem.get())));
    }

    /**
     * Why a tag copy is implied by nothing: its source does not carry the tag in that business, or it does and its copy
     * is in the partition of its own shard ({@link Shard#tagPartition}), not this one.
     */
    private static String tagOrphanReason(ItemKey key, Keys.TagPartition tag, Map<String, AttributeValue> source) {
        String subject = key.type() + " v" + version(source);
        String partition = Shard.of(source).tagPartition(tag.businessId(), tag.tag());
        if (tag.businessId().equals(Values.string(source, Attributes.BUSINESS_ID))
                && Values.set(source, Attributes.TAGS).contains(tag.tag())
                && !partition.equals(key.id())) {
            return subject + " carries tag " + tag.tag() + " in its shard's partition " + partition + ", not in shard "
                    + tag.shard();
        }
        return subject + " does not carry tag " + tag.tag() + " in business " + tag.businessId();
    }

    private static Finding orphan(
            ItemKey key, Map<String, AttributeValue> item, String reason, List<CoreItemGuard> guards) {
        return new Finding(DriftClass.ORPHANED_COPY, key, reason, item, null, guards);
    }

    /** The link whose edges join subjects of these two entities, either way round. */
    private static Optional<Entity.Link> linkBetween(SubjectRef one, SubjectRef other) {
        return one.entity()
                .link()
                .filter(link -> link.target() == other.entity())
                .or(() -> other.entity().link().filter(link -> link.target() == one.entity()));
    }

    private static String describe(SubjectRef ref) {
        return ref.entity() + " " + ref.id();
    }

    /** Each entry of a link attribute (a customer's {@code storeIds}) naming a subject that does not exist or belongs to another business. */
    private static List<Finding> danglingReferences(ScannedTable table) {
        List<Finding> findings = new ArrayList<>();
        for (Map<String, AttributeValue> core : table.coreBySubject().values()) {
            CoreItem.entityOf(core).link().ifPresent(link -> findings.addAll(danglingReferences(table, core, link)));
        }
        return findings;
    }

    private static List<Finding> danglingReferences(
            ScannedTable table, Map<String, AttributeValue> core, Entity.Link link) {
        List<Finding> findings = new ArrayList<>();
        String businessId = Values.string(core, Attributes.BUSINESS_ID);
        for (String targetId : Values.set(core, link.attribute())) {
            String target = link.target() + " " + targetId;
            Optional<Map<String, AttributeValue>> targetItem = table.core(Keys.subjectRef(link.target(), targetId));
            String problem = targetItem.isEmpty()
                    ? target + " does not exist"
                    : Objects.equals(businessId, Values.string(targetItem.get(), Attributes.BUSINESS_ID))
                            ? null
                            : target + " belongs to business "
                                    + Values.string(targetItem.get(), Attributes.BUSINESS_ID) + ", the "
                                    + link.owner() + " to " + businessId;
            if (problem != null) {
                findings.add(new Finding(
                        DriftClass.DANGLING_REFERENCE,
                        ItemKey.of(core),
                        link.attribute() + " names " + problem
                                + " (not repaired: core items are the API's; unlink it there)",
                        null,
                        null,
                        List.of()));
            }
        }
        return findings;
    }

    private static long version(Map<String, AttributeValue> core) {
        return Values.number(core, Attributes.VERSION);
    }
}
