package io.entitytable.fanout.refresh;

import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.queue.RefreshMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * How one pass of a link target's refresh job is cut into segments: key ranges of the target's edge partition, whose
 * sort keys name the link's owners (for a store, {@code id = store#S}, sort keys {@code customer#<C>}). The first range
 * starts at {@code customer#} and the last ends at {@code customer$}, and each cut ends one range where the next
 * begins, so the ranges cover every key the partition can hold, however well or badly the cuts split it.
 *
 * @param owner the entity that owns the links, whose ids the edges' sort keys carry
 * @param cuts the sort keys where one segment ends and the next begins, ascending; one fewer than the segments
 */
record SegmentPlan(Entity owner, List<String> cuts) {

    SegmentPlan {
        cuts = List.copyOf(cuts);
        for (int i = 1; i < cuts.size(); i++) {
            if (cuts.get(i - 1).compareTo(cuts.get(i)) >= 0) {
                throw new IllegalArgumentException("cuts must ascend: " + cuts);
            }
        }
    }

    /** The owner of the link {@code target} is the target of: the entity its edges name. */
    static Entity ownerOfLinksTo(Keys.SubjectRef target) {
        return target.entity()
                .linkedBy()
                .map(Entity.Link::owner)
                .orElseThrow(() -> new IllegalArgumentException("not a link target: " + target));
    }

    static SegmentPlan single(Entity owner) {
        return new SegmentPlan(owner, List.of());
    }

    int segments() {
        return cuts.size() + 1;
    }

    String from(int segment) {
        return segment == 0 ? Keys.typePrefix(owner) : cuts.get(segment - 1);
    }

    String to(int segment) {
        return segment == cuts.size() ? Keys.typePrefixEnd(owner) : cuts.get(segment);
    }

    List<RefreshMessage> messages(String subjectRef, long pass) {
        List<RefreshMessage> messages = new ArrayList<>();
        for (int i = 0; i < segments(); i++) {
            messages.add(RefreshMessage.segment(subjectRef, pass, i, segments(), from(i), to(i)));
        }
        return messages;
    }
}
