package io.entitytable.model.declared;

import static io.entitytable.model.declared.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Values a child copies of its parent when it is created, as an order holds its customer's name and the ship-to chosen
 * from its customer's mailing addresses: declared on a customer's note ({@link Note}).
 */
class ParentCopyFieldTest {
    private static final Field ADDRESSES =
            Entity.CUSTOMER.field(Attributes.MAILING_ADDRESSES).orElseThrow();

    private static final Entity NOTE = Note.ENTITY;

    private static final Map<String, Object> HOME = Map.of(
            Attributes.STREET, "1 Main St",
            Attributes.CITY, "Austin",
            Attributes.STATE, "TX",
            Attributes.ZIP, "73301",
            Attributes.COUNTRY, "us");

    /** A customer's values as stored: a name, no email, a home address. */
    private static final Map<String, Object> ADA = DeclaredValues.forNew(
            Entity.CUSTOMER,
            Map.of(
                    Attributes.FIRST_NAME, "Ada",
                    Attributes.LAST_NAME, "Lovelace",
                    Attributes.MAILING_ADDRESSES, Map.of("home", HOME)));

    @Test
    void withParentCopies_shouldCopyTheParentsValues_andTheValueUnderTheLabelChosen() {
        // GIVEN a request's values, the label as given
        Map<String, Object> given = DeclaredValues.forNew(NOTE, Map.of("body", "Call back", "to", "home"));

        // WHEN
        Map<String, Object> values = DeclaredValues.withParentCopies(NOTE, given, ADA);

        // THEN the name and the address as the customer holds them; no email, which the customer has none of
        assertThat(given).containsEntry("to", "home");
        assertThat(values)
                .containsExactly(
                        Map.entry("body", "Call back"),
                        Map.entry("recipient", Map.of(Attributes.FIRST_NAME, "Ada", Attributes.LAST_NAME, "Lovelace")),
                        Map.entry("to", ((Map<?, ?>) ADA.get(Attributes.MAILING_ADDRESSES)).get("home")));
        assertThat(((Map<?, ?>) values.get("to")).get(Attributes.COUNTRY)).isEqualTo("US");
    }

    @Test
    void withParentCopies_shouldRefuseALabelTheParentHoldsNothingUnder() {
        Map<String, Object> given = DeclaredValues.forNew(NOTE, Map.of("body", "Call back", "to", "office"));

        assertThat(refused(() -> DeclaredValues.withParentCopies(NOTE, given, ADA)))
                .containsExactly(
                        new DeclaredValues.Problem("to", "the customer has no mailingAddresses labelled 'office'"));
    }

    @Test
    void aRequest_shouldGiveNoCopy_aLabelAsTheChoice_andNeverChangeIt() {
        assertThat(refused(() -> DeclaredValues.forNew(
                        NOTE,
                        Map.of(
                                "body",
                                "x",
                                "to",
                                HOME,
                                "recipient",
                                Map.of(Attributes.FIRST_NAME, "Eve"),
                                "email",
                                "e@x"))))
                .containsExactly(
                        new DeclaredValues.Problem("recipient", "is copied from the customer, never given"),
                        new DeclaredValues.Problem("email", "is copied from the customer, never given"),
                        new DeclaredValues.Problem(
                                "to", "must be a label of the mailingAddresses held: " + Field.LABEL_MESSAGE));
        assertThat(refused(() -> DeclaredValues.forNew(NOTE, Map.of("body", "x"))))
                .containsExactly(new DeclaredValues.Problem("to", "is required"));
        assertThat(refused(() -> DeclaredValues.forChange(NOTE, Map.of("to", "home"))))
                .containsExactly(new DeclaredValues.Problem("to", "cannot change once the note is created"));
    }

    @Test
    void forImport_shouldKeepTheCopiesAsTheyWereCopied_judgedByTheirDeclarations() {
        // GIVEN a note as its export holds it
        Map<String, Object> stored = Map.of(
                "body",
                "Call back",
                "recipient",
                Map.of(Attributes.FIRST_NAME, "Ada", Attributes.LAST_NAME, "Lovelace"),
                "to",
                HOME);

        // WHEN
        Map<String, Object> imported = DeclaredValues.forImport(NOTE, stored);

        // THEN as stored (the address normalised as the customer's field stores it); an address without its street,
        // which no customer holds, is refused
        assertThat(imported).containsEntry("recipient", stored.get("recipient"));
        assertThat(((Map<?, ?>) imported.get("to")).get(Attributes.COUNTRY)).isEqualTo("US");
        assertThat(refused(() ->
                        DeclaredValues.forImport(NOTE, Map.of("body", "x", "to", Map.of(Attributes.CITY, "Austin")))))
                .containsExactly(new DeclaredValues.Problem("to", "street: is required"));
    }

    @Test
    void definition_shouldRefuseACopyOfWhatTheParentDoesNotDeclare_orOfNoParent() {
        Field nickname = Field.object("names", Field.text("nickname")).copiedFromParent();
        assertThatThrownBy(() -> Entity.define(Entity.declared("memo", "memos")
                        .fields(nickname)
                        .sortedByCreation()
                        .childOf(Entity.CUSTOMER)))
                .hasMessage("memo's names copies nickname, which is no TEXT field of customer");
        Field elsewhere = Field.labelled("elsewhere", Field.text("line"));
        assertThatThrownBy(() -> Entity.define(Entity.declared("memo", "memos")
                        .fields(Field.chosenFromParent("to", elsewhere))
                        .sortedByCreation()
                        .childOf(Entity.CUSTOMER)))
                .hasMessage("memo's to is chosen from elsewhere, which is no field of customer");
        assertThatThrownBy(() -> Entity.define(Entity.declared("memo", "memos")
                        .fields(Field.text(Attributes.EMAIL).copiedFromParent())
                        .sortedByCreation()))
                .hasMessage(
                        "memo's email is a copy of its parent's: it is a child of an entity declared by its fields");
    }

    @Test
    void definition_shouldRefuseACopyGivenOrRequired_andAValueMadeOfACopy() {
        assertThatThrownBy(() -> Field.text("email").copiedFromParent().required())
                .hasMessageContaining("never given, so neither required nor shown by an example");
        assertThatThrownBy(() -> Field.text("email").copiedFromParent().unique())
                .hasMessageContaining("a copy of the parent's is neither derived, unique nor defaulted");
        assertThatThrownBy(() -> Entity.declared("memo", "memos")
                        .fields(
                                Field.chosenFromParent("to", ADDRESSES),
                                Field.text("where").derived("its address", List.of("to"), values -> "x")))
                .hasMessage(
                        "memo's where is derived from to, which is not a field that never changes beside it that is given");
    }
}
