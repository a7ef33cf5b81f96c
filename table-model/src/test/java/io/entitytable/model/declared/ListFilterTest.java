package io.entitytable.model.declared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.ListFilter;
import org.junit.jupiter.api.Test;

/** The filters a declared entity's lists take: by a text field or member's value, by a number's least. */
class ListFilterTest {
    private static Entity.Builder parcel(String keyName) {
        return Entity.declared(keyName, keyName + "s")
                .fields(
                        Field.text("carrier"),
                        Field.wholeNumber("grams"),
                        Field.object("to", Field.text("city"), Field.text("zip")),
                        Field.text("state"),
                        Field.items("parts", "part", Field.text("sku")))
                .sortedByCreation();
    }

    @Test
    void filters_shouldBeNamedByTheirField_aNumberByItsLeast() {
        // WHEN
        Entity parcel = Entity.define(parcel("parcel").filterableBy("carrier", "to.city", "grams"));

        // THEN
        assertThat(parcel.filters())
                .extracting(ListFilter::parameter, ListFilter::isAtLeast, ListFilter::attributePath)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("carrier", false, java.util.List.of("carrier")),
                        org.assertj.core.groups.Tuple.tuple("city", false, java.util.List.of("to", "city")),
                        org.assertj.core.groups.Tuple.tuple("minGrams", true, java.util.List.of("grams")));
        assertThat(ListFilter.named(parcel.filters(), "minGrams"))
                .hasValueSatisfying(filter -> assertThat(filter.path()).isEqualTo("grams"));
    }

    @Test
    void definition_shouldRefuseAFilter_ofNoTextOrNumber_orNamedAsAnotherParameter() {
        assertThatThrownBy(() -> Entity.define(parcel("box").filterableBy("parts")))
                .hasMessage("box is filtered by parts, which is no text or number field nor such a member of one");
        assertThatThrownBy(() -> Entity.define(parcel("box").filterableBy("to.country")))
                .hasMessageContaining("box is filtered by to.country, which is no");
        assertThatThrownBy(() -> Entity.define(parcel("box").groupedBy("state").filterableBy("state")))
                .hasMessage("box is filtered by state, whose parameter state a list request gives another meaning");
        assertThatThrownBy(() -> Entity.define(parcel("box").filterableBy("carrier", "carrier")))
                .hasMessageContaining("whose parameter carrier a list request gives another meaning");
    }
}
