package io.entitytable.model.declared;

import static io.entitytable.model.declared.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Values made of others, as an order's line amounts and total are, and values a new subject takes when its request
 * leaves them out, as an order's status is: declared on a quote of priced lines.
 */
class DerivedFieldTest {
    static final Entity QUOTE = Entity.define(Entity.declared("quote", "quotes")
            .fields(
                    Field.text("title").required(),
                    Field.text("stage")
                            .upperCased()
                            .matching("DRAFT|SENT", "must be DRAFT or SENT")
                            .byDefault("DRAFT"),
                    Field.items(
                            "lines",
                            "quoteline",
                            Field.text("sku").required(),
                            Field.wholeNumber("quantity").between(1, 1_000).byDefault(1L),
                            Field.wholeNumber("unitCents").required().between(0, 1_000_000),
                            Field.wholeNumber("amountCents")
                                    .between(0, 100_000_000)
                                    .derived(
                                            "quantity × unitCents",
                                            List.of("quantity", "unitCents"),
                                            line -> (Long) line.get("quantity") * (Long) line.get("unitCents"))),
                    Field.wholeNumber("totalCents")
                            .between(0, 500_000_000)
                            .derived("the sum of its lines' amountCents", List.of("lines"), DerivedFieldTest::total))
            .sortedByCreation());

    private static Long total(Map<String, Object> quote) {
        if (!(quote.get("lines") instanceof List<?> lines)) {
            return null;
        }
        return lines.stream()
                .mapToLong(line -> (Long) ((Map<?, ?>) line).get("amountCents"))
                .sum();
    }

    @Test
    void forNew_shouldMakeEachDerivedValue_andFillTheDefaults() {
        // WHEN
        Map<String, Object> values = DeclaredValues.forNew(
                QUOTE,
                Map.of(
                        "title",
                        "Beans",
                        "lines",
                        List.of(
                                Map.of("sku", "BEAN-1", "quantity", 3, "unitCents", 250),
                                Map.of("sku", "BEAN-2", "unitCents", 100))));

        // THEN the lines' amounts, their total and the defaults, of the quote and of a line
        assertThat(values)
                .containsEntry("stage", "DRAFT")
                .containsEntry("totalCents", 850L)
                .containsEntry(
                        "lines",
                        List.of(
                                Map.of("sku", "BEAN-1", "quantity", 3L, "unitCents", 250L, "amountCents", 750L),
                                Map.of("sku", "BEAN-2", "quantity", 1L, "unitCents", 100L, "amountCents", 100L)));
        assertThat(List.copyOf(values.keySet())).containsExactly("title", "stage", "lines", "totalCents");
    }

    @Test
    void normalised_shouldMakeADerivedMemberAgain_overOneGiven_andNoneWhereItsDerivationMakesNone() {
        Field lines = QUOTE.field("lines").orElseThrow();

        Object made = lines.normalised(List.of(Map.of("sku", "B", "unitCents", 3, "amountCents", 99)));

        assertThat(made).isEqualTo(List.of(Map.of("sku", "B", "quantity", 1L, "unitCents", 3L, "amountCents", 3L)));
        assertThat(Field.withDerived(QUOTE.fields(), new java.util.LinkedHashMap<>(Map.of("totalCents", 5L))))
                .doesNotContainKey("totalCents");
    }

    @Test
    void forNew_shouldKeepAGivenValue_overTheDefault() {
        Map<String, Object> values = DeclaredValues.forNew(QUOTE, Map.of("title", "Beans", "stage", "sent"));

        assertThat(values).containsEntry("stage", "SENT").doesNotContainKey("totalCents");
    }

    @Test
    void forNewAndForChange_shouldRefuseADerivedValue_given() {
        assertThat(refused(() -> DeclaredValues.forNew(QUOTE, Map.of("title", "Beans", "totalCents", 5))))
                .containsExactly(new DeclaredValues.Problem("totalCents", "is made of lines, never given"));
        assertThat(refused(() -> DeclaredValues.forChange(QUOTE, Map.of("totalCents", 5))))
                .containsExactly(new DeclaredValues.Problem("totalCents", "is made of lines, never given"));
        assertThat(refused(() ->
                        DeclaredValues.forNew(QUOTE, quote(Map.of("sku", "B", "unitCents", 1, "amountCents", 1)))))
                .containsExactly(new DeclaredValues.Problem(
                        "lines", "item 1: amountCents: is made of quantity, unitCents, never given"));
    }

    @Test
    void forNew_shouldRefuseWhatADerivationMakes_outsideItsBounds() {
        // 1,000 × 1,000,000 is over a line's 100,000,000; six lines of 99,000,000 over the total's 500,000,000
        assertThat(refused(() -> DeclaredValues.forNew(
                        QUOTE, quote(Map.of("sku", "B", "quantity", 1_000, "unitCents", 1_000_000)))))
                .containsExactly(new DeclaredValues.Problem(
                        "lines",
                        "item 1: amountCents: is made of quantity, unitCents and must be between 0 and 100000000"));
        Map<String, Object> big = Map.of("sku", "B", "quantity", 99, "unitCents", 1_000_000);
        assertThat(refused(() -> DeclaredValues.forNew(QUOTE, quote(big, big, big, big, big, big))))
                .containsExactly(new DeclaredValues.Problem(
                        "totalCents", "is made of lines and must be between 0 and 500000000"));
    }

    /** A quote's body with {@code lines}. */
    @SafeVarargs
    private static Map<String, Object> quote(Map<String, Object>... lines) {
        return Map.of("title", "Beans", "lines", List.of(lines));
    }

    @Test
    void storedValues_shouldComeBackTheSame_whenTheirDerivedValuesAreMadeAgain() {
        // GIVEN a quote as stored, read back from its items
        Map<String, Object> values = DeclaredValues.forNew(
                QUOTE,
                Map.of("title", "Beans", "lines", List.of(Map.of("sku", "BEAN-1", "quantity", 2, "unitCents", 5))));
        DeclaredItem quote = new DeclaredItem(
                QUOTE,
                Ids.newId(),
                Ids.newId(),
                values,
                CoreFields.created(Set.of(), Instant.parse("2026-03-04T05:06:07Z")),
                Shard.of(0));
        DeclaredItem read = CoreItem.from(quote.toItem()).withCollection(quote.collectionItems());

        // WHEN its stored values are given again without what is derived (as an import gives them)
        Map<String, Object> again = DeclaredValues.forNew(QUOTE, DeclaredValues.withoutDerived(QUOTE, read.values()));

        // THEN
        assertThat(read.values()).containsEntry("totalCents", 10L);
        assertThat(quote.collectionItems().get(0).get("amountCents").n()).isEqualTo("10");
        assertThat(again).containsAllEntriesOf(values);
    }

    @Test
    void definition_shouldRefuseADerivation_ofAFieldThatChanges_orOfNone() {
        Field changing = Field.text("name");
        Field madeOfName =
                Field.text("shout").derived("the name in capitals", List.of("name"), values -> values.get("name"));
        assertThatThrownBy(() -> Entity.declared("shouter", "shouters").fields(changing, madeOfName))
                .hasMessage("shouter's shout is derived from name, which is not a field that never changes beside it"
                        + " that is given");
        assertThatThrownBy(() -> Entity.declared("shouter", "shouters").fields(madeOfName))
                .hasMessageContaining("is derived from name, which is not");
        assertThatThrownBy(() -> Field.object(
                        "box",
                        Field.wholeNumber("side"),
                        Field.wholeNumber("area").derived("side²", List.of("size"), box -> 1L)))
                .hasMessageContaining("field box's area is derived from size, which is not a member");
    }

    @Test
    void definition_shouldRefuse_whatADerivedOrDefaultedFieldCannotBe() {
        assertThatThrownBy(() -> Field.text("a").required().derived("x", List.of("b"), values -> "x"))
                .hasMessageContaining("a derived value is neither required");
        assertThatThrownBy(() -> Field.text("a").example("x").derived("x", List.of("b"), values -> "x"))
                .hasMessageContaining("a derived value is neither required");
        assertThatThrownBy(() -> Field.text("a").required().byDefault("x"))
                .hasMessageContaining("a required field has no default");
        assertThatThrownBy(() ->
                        Field.text("a").matching("[A-Z]+", "must be capitals").byDefault("lower"))
                .hasMessage("field a's default lower must be capitals");
        assertThatThrownBy(() -> Field.object("o", Field.text("m")).byDefault(Map.of("m", "x")))
                .hasMessageContaining("only text or a number has a default");
        assertThatThrownBy(() -> Field.text("a").derived("x", List.of(), values -> "x"))
                .hasMessageContaining("made of at least one other");
        assertThatThrownBy(() -> Field.labelled("l", Field.text("v").byDefault("x")))
                .hasMessageContaining("neither unique, immutable, required, derived nor defaulted");
    }
}
