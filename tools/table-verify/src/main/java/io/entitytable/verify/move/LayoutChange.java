package io.entitytable.verify.move;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What changes between the home table's layout and the target's, item by item, both ways: the move writes the target's
 * form of every item it carries over, and the way back the home form. An item's key may change (a new sort-key format),
 * so a deleted item's key in the other table is that of its converted old image.
 */
public interface LayoutChange {
    /** The item the target stores for {@code homeItem}. */
    Map<String, AttributeValue> toTarget(Map<String, AttributeValue> homeItem);

    /** The item the home table stores for {@code targetItem}: the inverse of {@link #toTarget}. */
    Map<String, AttributeValue> toHome(Map<String, AttributeValue> targetItem);

    /** No change: a move to a table of the same layout (another name, class, key or account). */
    LayoutChange NONE = new LayoutChange() {
        @Override
        public Map<String, AttributeValue> toTarget(Map<String, AttributeValue> homeItem) {
            return homeItem;
        }

        @Override
        public Map<String, AttributeValue> toHome(Map<String, AttributeValue> targetItem) {
            return targetItem;
        }
    };
}
