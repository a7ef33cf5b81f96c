package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class DeletionTest {
    private static final Map<String, AttributeValue> ORDER =
            Map.of(Attributes.ID, Values.s("O1"), Attributes.TYPE, Values.s("order#1"));

    @Test
    void of_shouldDeleteTheItemAlone_untilTheBuilderAddsMore() {
        // WHEN
        Deletion deletion = Deletion.of(ORDER).build();

        // THEN
        assertThat(deletion.current()).isEqualTo(ORDER);
        assertThat(deletion.collectionKeys()).isEmpty();
        assertThat(deletion.businessToUncount()).isEmpty();
        assertThat(deletion.counterAtZero()).isEmpty();
        assertThat(deletion.targetsToUncount()).isEmpty();
        assertThat(new WriteActions("Entity", "Entity").deletion(deletion)).hasSize(1);
    }

    @Test
    void build_shouldKeepWhatTheBuilderNamed_andCopyTheKeyLists() {
        // GIVEN
        List<ItemKey> lines = new ArrayList<>(List.of(new ItemKey("O1", "line#0001")));

        // WHEN
        Deletion deletion = Deletion.of(ORDER)
                .withCollection(lines)
                .uncountingOnBusiness("B1")
                .build();
        lines.clear();

        // THEN
        assertThat(deletion.collectionKeys()).containsExactly(new ItemKey("O1", "line#0001"));
        assertThat(deletion.businessToUncount()).contains("B1");
    }
}
