package io.entitytable.api.pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.contract.ApiOperation;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.PartitionQuery;
import org.junit.jupiter.api.Test;

class AccessPatternTest {

    @Test
    void contract_shouldStateThePatternsNumberAndKeyCondition() {
        for (AccessPattern pattern : AccessPattern.values()) {
            if (pattern.operationId() != null) { // a declared entity's list is documented per entity
                checkContract(pattern);
            }
        }
    }

    private static void checkContract(AccessPattern pattern) {
        // GIVEN the description the OpenAPI document gives the pattern's operation
        String description = ApiOperation.values().stream()
                .filter(operation -> operation.contract().operationId().equals(pattern.operationId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no operation " + pattern.operationId()))
                .contract()
                .description();

        // THEN it names the pattern and states its key condition as declared
        assertThat(description).containsIgnoringCase("access pattern " + pattern.number());
        assertThat(description).contains("`" + pattern.keyCondition() + "`");
    }

    @Test
    void keyCondition_shouldNameTheIndexKeys_andTheDeclaredShape() {
        for (AccessPattern pattern : AccessPattern.values()) {
            checkKeyCondition(pattern);
        }
    }

    private static void checkKeyCondition(AccessPattern pattern) {
        // GIVEN the keys of the index the pattern reads
        TableLayout.IndexLayout index = pattern.index() == null ? null : TableLayout.ENTITY.index(pattern.index());
        String partitionKey = index == null ? TableLayout.ENTITY.partitionKey() : index.partitionKey();
        String sortKey = index == null ? TableLayout.ENTITY.sortKey() : index.sortKey();

        // THEN its stated key condition compares them in the declared shape
        String condition = pattern.keyCondition();
        assertThat(condition.startsWith(partitionKey + " = ") || condition.startsWith("begins_with(" + sortKey + ","))
                .as(condition)
                .isTrue();
        assertThat(condition.contains(sortKey + " BETWEEN "))
                .as(condition)
                .isEqualTo(pattern.shape() == AccessPattern.KeyShape.BETWEEN);
        if (pattern.shape() == AccessPattern.KeyShape.PARTITION) {
            assertThat(condition).doesNotContain("begins_with").doesNotContain("BETWEEN");
        }
    }

    @Test
    void query_shouldReadTheDeclaredIndex_inTheDeclaredDirection() {
        for (AccessPattern pattern : AccessPattern.values()) {
            checkQuery(pattern);
        }
    }

    private static void checkQuery(AccessPattern pattern) {
        // GIVEN as many sort-key values as the shape takes
        String[] sortKey =
                switch (pattern.shape()) {
                    case PARTITION -> new String[0];
                    case BEGINS_WITH -> new String[] {"a#"};
                    case BETWEEN -> new String[] {"a#1", "a#2"};
                };

        // WHEN
        PartitionQuery query = pattern.query("P", sortKey);

        // THEN
        assertThat(query.index()).isEqualTo(pattern.index());
        assertThat(query.forward()).isEqualTo(pattern.forward());
        assertThat(query.values()).hasSize(1 + sortKey.length);
        assertThatThrownBy(() -> pattern.query("P", "x", "y", "z")).isInstanceOf(IllegalArgumentException.class);
    }
}
