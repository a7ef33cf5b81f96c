package io.entitytable.fanout;

import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * How one pass of a store's refresh job is cut into segments: key ranges of the store's edge partition ({@code id =
 * store#S}, sort keys {@code customer#<C>}). The first range starts at {@code customer#} and the last ends at {@code
 * customer$}, and each cut ends one range where the next begins, so the ranges cover every key the partition can hold,
 * however well or badly the cuts split it.
 *
 * @param cuts the sort keys where one segment ends and the next begins, ascending; one fewer than the segments
 */
record SegmentPlan(List<String> cuts) {
    static final Entity EDGE_ENTITY = Entity.CUSTOMER;

    SegmentPlan {
        cuts = List.copyOf(cuts);
        for (int i = 1; i < cuts.size(); i++) {
            if (cuts.get(i - 1).compareTo(cuts.get(i)) >= 0) {
                throw new IllegalArgumentException("cuts must ascend: " + cuts);
            }
        }
    }

    static SegmentPlan single() {
        return new SegmentPlan(List.of());
    }

    int segments() {
        return cuts.size() + 1;
    }

    String from(int segment) {
        return segment == 0 ? Keys.typePrefix(EDGE_ENTITY) : cuts.get(segment - 1);
    }

    String to(int segment) {
        return segment == cuts.size() ? Keys.typePrefixEnd(EDGE_ENTITY) : cuts.get(segment);
    }

    List<RefreshMessage> messages(String subjectRef, long pass) {
        List<RefreshMessage> messages = new ArrayList<>();
        for (int i = 0; i < segments(); i++) {
            messages.add(RefreshMessage.segment(subjectRef, pass, i, segments(), from(i), to(i)));
        }
        return messages;
    }
}
