package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The sizes by which design §10 weighs keeping an order's lines inside its item ("What the rest of the overhead buys"):
 * such an item would be one write unit, as the order alone is, at the reference workload's 3 lines, and two from 5.
 * No layout of the product stores orders so; the test keeps the design's figures those of {@link ItemSize}.
 */
class OrderLinesInsideTest {
    private final Samples samples = new Samples(1);

    @Test
    void anOrderHoldingItsThreeLines_shouldStayOneWriteUnit_andFiveLinesPassOneKilobyte() {
        assertThat(sizes(3)).containsExactly(580L, 130L, 858L);
        assertThat(ItemSize.writeUnits(858)).isEqualTo(1);
        assertThat(sizes(5)).containsExactly(600L, 130L, 1_058L);
        assertThat(ItemSize.writeUnits(1_058)).isEqualTo(2);
    }

    /** The order alone, one of its line items, and the order holding its lines as a list of what each line item says. */
    private List<Long> sizes(int lines) {
        DeclaredItem order = samples.order("PAID", lines, Set.of());
        List<AttributeValue> inside = new ArrayList<>();
        for (Map<String, AttributeValue> line : order.collectionItems()) {
            Map<String, AttributeValue> said = new HashMap<>(line);
            said.keySet().removeAll(Set.of(Attributes.ID, Attributes.TYPE, Attributes.KIND));
            inside.add(AttributeValue.fromM(said));
        }
        Map<String, AttributeValue> holding = new HashMap<>(order.toItem());
        holding.put(Attributes.LINES, AttributeValue.fromL(inside));
        return List.of(
                ItemSize.bytes(order.toItem()),
                ItemSize.bytes(order.collectionItems().get(0)),
                ItemSize.bytes(holding));
    }
}
