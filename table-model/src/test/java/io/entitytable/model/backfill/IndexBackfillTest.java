package io.entitytable.model.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.SampleSubjects;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What the index backfills find to mend on one item, without a table. */
class IndexBackfillTest {
    private final DeclaredItem order = SampleSubjects.withLines(
            SampleSubjects.order(),
            List.of(SampleSubjects.line("PEN-1", "Pens", 2, 150), SampleSubjects.line("INK-2", "Ink", 1, 990)));

    @Test
    void anOrderHoldingItsSkus_inAnyOrder_needsNothing() {
        // GIVEN the order's item as DynamoDB may return it: the set's members in another order
        Map<String, AttributeValue> item = new HashMap<>(order.toItem());
        item.put(Attributes.SKUS, AttributeValue.fromSs(List.of("PEN-1", "INK-2")));

        // THEN
        assertThat(IndexBackfill.ORDERS_BY_SKU.passLooksAt(item)).isFalse();
        assertThat(IndexBackfill.ORDERS_BY_SKU.mend(item, lines())).isEmpty();
    }

    @Test
    void anOrderWithoutSkus_getsThemFromItsLines_withItsSkuCopies_atItsVersion() {
        // GIVEN the order as the version before pattern 15 wrote it
        Map<String, AttributeValue> item = new HashMap<>(order.toItem());
        item.remove(Attributes.SKUS);

        // WHEN
        IndexMend mend = IndexBackfill.ORDERS_BY_SKU.mend(item, lines()).orElseThrow();

        // THEN one update of skus alone, on the version read, and a copy per SKU carrying that version
        assertThat(IndexBackfill.ORDERS_BY_SKU.passLooksAt(item)).isTrue();
        assertThat(mend.update().update()).isEqualTo("SET #a0 = :a0");
        assertThat(mend.update().names()).containsEntry("#a0", Attributes.SKUS);
        assertThat(mend.update().values().get(":a0").ss()).containsExactly("INK-2", "PEN-1");
        assertThat(mend.update().values()).containsEntry(":version", item.get(Attributes.VERSION));
        assertThat(mend.copies()).hasSize(2).allSatisfy(copy -> {
            assertThat(copy.get(Attributes.KIND).s()).isEqualTo(ItemKind.SKU.value());
            assertThat(copy.get(Attributes.SOURCE_VERSION)).isEqualTo(item.get(Attributes.VERSION));
        });
    }

    @Test
    void aCustomerBackfill_setsOrRemovesItsEmailKey_withNoCopies() {
        Map<String, AttributeValue> customer =
                new HashMap<>(SampleSubjects.customer().toItem());
        customer.remove(Attributes.GSI1_PK);
        customer.remove(Attributes.GSI1_SK);

        IndexMend mend =
                IndexBackfill.CUSTOMERS_BY_EMAIL.mend(customer, List.of()).orElseThrow();

        assertThat(mend.update().update()).isEqualTo("SET #a0 = :a0, #a1 = :a1");
        assertThat(mend.copies()).isEmpty();
    }

    private List<Map<String, AttributeValue>> lines() {
        return order.collectionItems();
    }
}
