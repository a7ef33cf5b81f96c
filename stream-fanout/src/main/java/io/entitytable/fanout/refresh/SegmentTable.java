package io.entitytable.fanout.refresh;

import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The reads and writes of a refresh job's segment: {@link TableSegments} on the table, a fake in memory tests. */
interface SegmentTable {
    /**
     * One page of the subject's edges ({@code store#S / customer#C}: a link target's, by its owners) with sort keys in {@code [from, to)} after {@code
     * after} (null: from the start), read strongly consistently.
     */
    EdgePage page(String subjectRef, String from, String to, String after, int limit);

    /** The subject's live core item, read strongly consistently. */
    Optional<Map<String, AttributeValue>> current(Keys.SubjectRef subject);

    /** Refreshes the copy of the subject at {@code copy} from {@code subject}'s image, if the copy is older. */
    void refresh(ItemKey copy, Map<String, AttributeValue> subject);

    /** Deletes an edge of a subject that is gone, and its mirror. */
    void drop(ItemKey edge);

    /**
     * Removes a target that is gone from its owner's link attribute (a store from a customer's {@code storeIds}), if
     * it is still there (a core write).
     */
    void unlink(Keys.SubjectRef owner, String targetId);

    /**
     * @param edges the edges of the page, in key order
     * @param lastKey the sort key of the last edge when the segment may hold more, null when it is exhausted
     */
    record EdgePage(List<ItemKey> edges, String lastKey) {}
}
