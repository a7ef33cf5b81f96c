package io.entitytable.model.declared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.SearchFields;
import io.entitytable.model.Shard;
import io.entitytable.model.TableLayout;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A declared entity named in its sort key by two fields, as a customer is by its last name, then its first, and found
 * by its email in any letter case, as a customer is too.
 */
class MemberDeclarationTest {
    /** Declared first name first, as a person reads a name; sorted by the last name first, as a directory is. */
    static final Entity MEMBER = Entity.define(Entity.declared("member", "members")
            .fields(
                    Field.text("firstName").required().between(1, 100),
                    Field.text("lastName").required().between(1, 100),
                    Field.text("email").between(3, 254))
            .sortedBy("lastName", "firstName")
            .findableBy("email")
            .searchable());

    @Test
    void sortKey_shouldCarryEveryField_inTheOrderItSortsBy_lowerCased() {
        // GIVEN
        DeclaredItem ada = member("  Ada ", "Lovelace");

        // WHEN
        String type = ada.type();

        // THEN
        assertThat(type).isEqualTo("member#lovelace.ada");
        assertThat(type).startsWith(Keys.namedType(MEMBER, "lovelace.a"));
        assertThat(CoreItem.from(ada.toItem())).isEqualTo(ada);
        assertThat(MEMBER.leavesTombstone()).isTrue();
    }

    @Test
    void name_shouldBeAsLongAsItsFieldsAndTheSeparators_andReadInTheirOrder() {
        assertThat(MEMBER.sortFields()).extracting(Field::name).containsExactly("lastName", "firstName");
        assertThat(MEMBER.longestName()).isEqualTo(201);
        assertThat(MEMBER.orderedBy()).isEqualTo("lastName, then firstName");
    }

    @Test
    void searchTitle_shouldReadTheNameInTheOrderOfDeclaration() {
        // WHEN
        var text = MEMBER.search().orElseThrow().of(member("Ada", "Lovelace").toItem(), List.of());

        // THEN
        assertThat(text.title()).isEqualTo("Ada Lovelace");
    }

    @Test
    void item_shouldBeInGsi1UnderItsEmail_lowerCased_onlyWhenItHasOne() {
        // GIVEN
        DeclaredItem ada = member("Ada", "Lovelace").with(Map.of("email", "Ada@Example.com"));

        // WHEN
        Map<String, AttributeValue> item = ada.toItem();

        // THEN its email is kept as given, and keyed lower-cased in the business's partition of that email
        assertThat(item.get("email").s()).isEqualTo("Ada@Example.com");
        assertThat(item.get(Attributes.GSI1_PK).s()).isEqualTo("MEMBEREMAIL#" + ada.businessId() + "#ada@example.com");
        assertThat(item.get(Attributes.GSI1_SK).s()).isEqualTo(ada.id());
        assertThat(member("Alan", "Turing").toItem()).doesNotContainKeys(Attributes.GSI1_PK, Attributes.GSI1_SK);
        assertThat(MEMBER.indexes()).contains(TableLayout.GSI1);
    }

    @Test
    void lookupKey_shouldBeTheCustomersEmailKey_madeFromTheEntityAndTheField() {
        assertThat(Keys.lookupPk(Entity.CUSTOMER, "email", "B1", " Ada@Example.COM "))
                .isEqualTo(Keys.customerEmailPk("B1", "ada@example.com"))
                .isEqualTo("CUSTOMEREMAIL#B1#ada@example.com");
    }

    @Test
    void findableBy_shouldRefuseWhatIsNoTextField_andAListByFieldsBesideIt() {
        assertThatThrownBy(() -> Entity.define(Entity.declared("badge", "badges")
                        .fields(Field.wholeNumber("number"))
                        .findableBy("number")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("badge is findable by number, not a text field");
        assertThatThrownBy(() -> Entity.define(Entity.declared("badge", "badges")
                        .fields(Field.text("code"), Field.text("city"))
                        .listedBy("place", "city")
                        .findableBy("code")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one of them at most");
    }

    @Test
    void searchText_shouldTakeTheTextOfObjectsByLabel_andPassOverOtherValuesByLabel() {
        // GIVEN an entity with addresses by label and numbers by label, as a customer and an article have
        Entity locker = Entity.define(Entity.declared("locker", "lockers")
                .fields(
                        Field.text("name").required(),
                        Field.labelled("sites", Address.field("site")),
                        Field.labelled("codes", Field.wholeNumber("code")))
                .sortedBy("name")
                .searchable());
        DeclaredItem item = new DeclaredItem(
                locker,
                Ids.newId(),
                Ids.newId(),
                Map.of(
                        "name",
                        "North",
                        "sites",
                        Map.of(
                                "b", new Address("2 Elm St", "Lyon", "ARA", "69001", "FR").values(),
                                "a", new Address("1 Oak St", "Nice", "PAC", "06000", "FR").values()),
                        "codes",
                        Map.of("front", 1234L)),
                CoreFields.created(Set.of(), Instant.parse("2026-03-04T05:06:07.089Z")),
                Shard.of(1));

        // WHEN
        var text = locker.search().orElseThrow().of(item.toItem(), List.of());

        // THEN each site's street and city are searched, in label order; the codes are no text
        assertThat(text.fields().get(SearchFields.STREET)).containsExactly("1 Oak St", "2 Elm St");
        assertThat(text.fields().get(SearchFields.CITY)).containsExactly("Nice", "Lyon");
        assertThat(text.fields()).doesNotContainKey("code");
    }

    @Test
    void define_shouldRefuseASecondEntityLinkingTheSameTarget() {
        assertThatThrownBy(
                        () -> Entity.define(Entity.declared("badge", "badges").links("storeIds", "store")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("badge links store, which customer links already");
        assertThat(Entity.fromKeyName("badge")).isEmpty();
    }

    @Test
    void sortedBy_shouldRefuseWhatIsNoTextField() {
        assertThatThrownBy(() -> Entity.define(Entity.declared("badge", "badges")
                        .fields(Field.wholeNumber("number"))
                        .sortedBy("number")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("badge is sorted by number, not a text field");
        assertThatThrownBy(() -> Entity.declared("badge", "badges").sortedBy())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one field");
    }

    private static DeclaredItem member(String firstName, String lastName) {
        String business = Ids.newId();
        return new DeclaredItem(
                MEMBER,
                Ids.newId(),
                business,
                Map.of("firstName", firstName, "lastName", lastName),
                CoreFields.created(Set.of(), Instant.parse("2026-03-04T05:06:07.089Z")),
                Shard.of(1));
    }
}
