package io.entitytable.fanout;

import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The two edges of one link, picked out of what {@link io.entitytable.model.RelationshipCatalogue#impliedBy} returns
 * for the link's owner (never rebuilt by hand); for a customer linking store S:
 *
 * @param target the linked subject ({@code store#S})
 * @param targetSide {@code store#S / customer#C}: a copy of the owner, in the target's partition
 * @param ownerSide {@code customer#C / store#S}: a copy of the target, in the owner's partition
 */
record EdgePair(Keys.SubjectRef target, Duplicate targetSide, Duplicate ownerSide) {

    /** The links among {@code duplicates}, the image of a subject of {@code owner}, by target id; none if it links nothing. */
    static Map<String, EdgePair> byTarget(Entity owner, Set<Duplicate> duplicates) {
        if (owner.link().isEmpty()) {
            return Map.of();
        }
        Entity target = owner.link().get().target();
        Map<String, Duplicate> targetSides = new LinkedHashMap<>();
        Map<String, Duplicate> ownerSides = new LinkedHashMap<>();
        for (Duplicate duplicate : duplicates) {
            if (duplicate.kind() != ItemKind.EDGE) {
                continue;
            }
            if (duplicate.source().entity() == target) {
                ownerSides.put(duplicate.source().id(), duplicate);
            } else {
                Keys.parseSubjectRef(duplicate.id()).ifPresent(linked -> targetSides.put(linked.id(), duplicate));
            }
        }
        Map<String, EdgePair> pairs = new LinkedHashMap<>();
        targetSides.forEach((targetId, targetSide) -> {
            Duplicate ownerSide = ownerSides.get(targetId);
            if (ownerSide != null) {
                pairs.put(targetId, new EdgePair(new Keys.SubjectRef(target, targetId), targetSide, ownerSide));
            }
        });
        return pairs;
    }
}
