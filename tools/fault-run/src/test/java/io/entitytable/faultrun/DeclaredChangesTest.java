package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeclaredChangesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void of_shouldChangeOneFieldTheDeclarationTakes_neverANameOrAnImmutableField() {
        Random random = new Random(7);
        for (Entity entity : EntityChoice.forChange()) {
            Set<Object> written = new HashSet<>();
            for (int i = 0; i < 200; i++) {
                // WHEN
                ObjectNode body = DeclaredChanges.of(entity, random);

                // THEN one field, given by a change, taken as its declaration says
                assertThat(body.size()).isEqualTo(1);
                String name = body.fieldNames().next();
                Object value = JSON.convertValue(body.get(name), Object.class);
                Field field = entity.field(name).orElseThrow();
                assertThat(field.isImmutable() || field.isDerived() || field.isCopiedFromParent())
                        .isFalse();
                assertThat(entity.sortFields()).doesNotContain(field);
                assertThat(field.problem(value)).as(entity + "." + field.name()).isEmpty();
                written.add(value);
            }
            // AND clients write different values, so that they also meet on the same ones
            assertThat(written).as(entity.toString()).hasSizeGreaterThan(1);
        }
    }

    @Test
    void forChange_shouldHoldEveryShippedEntityWithAFieldToChange() {
        assertThat(EntityChoice.forChange()).contains(Entity.BUSINESS, Entity.CUSTOMER, Entity.STORE, Entity.ORDER);
    }

    @Test
    void of_shouldPickAmongTheWordsOfAChoice_asAnOrderStatus() {
        Random random = new Random(11);
        Set<String> statuses = new HashSet<>();
        for (int i = 0; i < 400; i++) {
            ObjectNode body = DeclaredChanges.of(Entity.ORDER, random);
            if (body.has("status")) {
                statuses.add(body.get("status").asText());
            }
        }
        assertThat(statuses).containsExactlyInAnyOrder("OPEN", "PAID", "SHIPPED", "DELIVERED", "CANCELLED");
    }
}
