package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.Filters;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cursor scopes of the tag lists, which the HTTP tests cannot page without the fan-out's copies. */
class PagedQueriesScopeTest {
    private static final String BUSINESS = "01JAAAAAAAAAAAAAAAAAAAAAAA";
    private static final String OTHER_BUSINESS = "01JBBBBBBBBBBBBBBBBBBBBBBB";

    @Test
    void scopeOf_shouldDifferForEveryOtherTagList_andMatchTheSameOne() {
        // GIVEN
        String tagged = tagged(BUSINESS, "vip", "");

        // WHEN / THEN one tag: the same list has the same scope; another business, tag or type another one
        assertThat(tagged(BUSINESS, "vip", "")).isEqualTo(tagged);
        assertThat(List.of(
                        tagged,
                        tagged(OTHER_BUSINESS, "vip", ""),
                        tagged(BUSINESS, "gold", ""),
                        tagged(BUSINESS, "vip", Keys.typePrefix(Entity.STORE)),
                        tagged(BUSINESS, "vip", Keys.typePrefix(Entity.CUSTOMER)),
                        several(BUSINESS, List.of("vip"), "", false),
                        several(BUSINESS, List.of("gold", "vip"), "", false),
                        several(BUSINESS, List.of("gold", "vip"), "", true),
                        several(BUSINESS, List.of("gold", "vip"), Keys.typePrefix(Entity.ORDER), true),
                        several(OTHER_BUSINESS, List.of("gold", "vip"), "", true),
                        several(BUSINESS, List.of("gold", "silver"), "", true)))
                .doesNotHaveDuplicates();
        assertThat(several(BUSINESS, List.of("gold", "vip"), "", true))
                .isEqualTo(several(BUSINESS, List.of("gold", "vip"), "", true));
    }

    @Test
    void scopeOf_shouldDiffer_betweenACustomersStoresAndAStoresCustomers() {
        // GIVEN one id
        String id = BUSINESS;

        // WHEN
        String stores = PagedQueries.scopeOf(
                AccessPattern.STORES_OF_CUSTOMER,
                AccessPattern.STORES_OF_CUSTOMER.query(
                        Keys.subjectRef(Entity.CUSTOMER, id), Keys.typePrefix(Entity.STORE)));
        String customers = PagedQueries.scopeOf(
                AccessPattern.CUSTOMERS_OF_STORE,
                AccessPattern.CUSTOMERS_OF_STORE.query(
                        Keys.subjectRef(Entity.STORE, id), Keys.typePrefix(Entity.CUSTOMER)));

        // THEN
        assertThat(stores).isNotEqualTo(customers).startsWith("STORES_OF_CUSTOMER|");
    }

    @Test
    void scopeOf_shouldDiffer_whenOneValueSpellsTheSeparatorAndTheNext() {
        // GIVEN a tag list whose type prefix is empty, and one whose tag text carries what a second value would add
        String plain = PagedQueries.scopeOf(
                AccessPattern.TAGGED,
                AccessPattern.TAGGED
                        .query(Keys.tagPartition(BUSINESS, "vip"), "store#")
                        .filtered(Filters.equal(Values.s("x"), Attributes.NAME)));
        String spelled = PagedQueries.scopeOf(
                AccessPattern.TAGGED,
                AccessPattern.TAGGED
                        .query(Keys.tagPartition(BUSINESS, "vip"), "store#|:name=x")
                        .filtered(null));

        // THEN
        assertThat(spelled).isNotEqualTo(plain);
    }

    private static String tagged(String business, String tag, String typePrefix) {
        return PagedQueries.scopeOf(
                AccessPattern.TAGGED, AccessPattern.TAGGED.query(Keys.tagPartition(business, tag), typePrefix));
    }

    private static String several(String business, List<String> tags, String typePrefix, boolean requireAll) {
        return PagedQueries.scopeOf(
                AccessPattern.TAGGED_WITH_SEVERAL,
                tags,
                AccessPattern.TAGGED_WITH_SEVERAL.query(Keys.tagPartition(business, tags.get(0)), typePrefix),
                requireAll);
    }
}
