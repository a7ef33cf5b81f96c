package io.entitytable.model.declared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Field;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A set of texts, as an order's SKUs: each text judged by one declaration, held once, stored as a string set. */
class TextSetFieldTest {
    private static final Field ROOMS = Field.textSet(
                    "rooms", Field.text("room").between(1, 5).upperCased().matching("[A-Z0-9-]+", "must be capitals"))
            .between(1, 3);

    @Test
    void normalised_shouldHoldEachTextOnce_asItsElementStoresIt_inOrder() {
        // WHEN
        Object rooms = ROOMS.normalised(List.of(" b-1 ", "B-1", "a-2"));

        // THEN
        assertThat(rooms).isEqualTo(Set.of("A-2", "B-1"));
        assertThat(List.<Object>copyOf((Set<?>) rooms)).containsExactly("A-2", "B-1");
        assertThat(ROOMS.toAttribute(rooms)).isEqualTo(Values.ss(Set.of("A-2", "B-1")));
        assertThat(ROOMS.fromAttribute(ROOMS.toAttribute(rooms))).isEqualTo(rooms);
    }

    @Test
    void problem_shouldNameWhatIsWrong_withTheSetOrATextOfIt() {
        assertThat(ROOMS.problem(List.of("A-1"))).isEmpty();
        assertThat(ROOMS.problem("A-1")).hasValue("must be a list of texts");
        assertThat(ROOMS.problem(Map.of("a", "b"))).hasValue("must be a list of texts");
        assertThat(ROOMS.problem(List.of())).hasValue("must hold 1 to 3 texts");
        assertThat(ROOMS.problem(List.of("A", "B", "C", "D"))).hasValue("must hold 1 to 3 texts");
        assertThat(ROOMS.problem(List.of("A", "too-long"))).hasValue("'too-long': must be 1 to 5 characters");
        assertThat(ROOMS.problem(List.of("a b"))).hasValue("'a b': must be capitals");
        assertThat(ROOMS.problem(java.util.Arrays.asList("A", null))).hasValue("'null': must be text");
        assertThat(ROOMS.problem(List.of(5))).hasValue("'5': must be text");
    }

    @Test
    void definition_shouldRefuseASetOfWhatIsNoPlainText() {
        assertThatThrownBy(() -> Field.textSet("s", Field.wholeNumber("n")))
                .hasMessageContaining("field s's elements: text");
        assertThatThrownBy(() -> Field.textSet("s", Field.text("t").required()))
                .hasMessageContaining("neither unique, immutable, required");
        assertThatThrownBy(() -> Field.labelled("l", Field.textSet("s", Field.text("t"))))
                .hasMessageContaining("values by label are of one kind");
        assertThatThrownBy(() -> Field.textSet("s", Field.text("t")).byDefault(List.of("x")))
                .hasMessageContaining("only text or a number has a default");
    }
}
