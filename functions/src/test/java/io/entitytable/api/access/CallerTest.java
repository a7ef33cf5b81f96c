package io.entitytable.api.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Ids;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CallerTest {
    @Test
    void of_shouldMakeAMember_ofEachValidBusinessGroup_andGrantNothingForOtherGroups() {
        // GIVEN
        String a = Ids.newId();
        String b = Ids.newId();

        // WHEN
        Caller caller = Caller.of("u-1", List.of("business-" + a, "business-" + b, "readers"));

        // THEN a member of both businesses, not an operator; the unknown group grants nothing
        assertThat(caller).isEqualTo(new Caller("u-1", false, Set.of(a, b)));
        assertThat(caller.mayUse(a)).isTrue();
        assertThat(caller.mayUse(Ids.newId())).isFalse();
        assertThat(caller.mayUse(null)).isFalse();
    }

    @Test
    void of_shouldMakeAnOperator_onlyFromAGroupThatIsExactlyOperators() {
        // GIVEN / WHEN / THEN
        assertThat(Caller.of("o", List.of("operators")).operator()).isTrue();
        assertThat(Caller.of("o", List.of("operators")).mayUse(Ids.newId())).isTrue();
        for (String crafted : List.of(
                "support,operators",
                "Night operators",
                "operators ",
                " operators",
                "[operators]",
                "Operators",
                "operators-2",
                "operators\n")) {
            assertThat(Caller.of("x", List.of(crafted))).as(crafted).isEqualTo(new Caller("x", false, Set.of()));
        }
    }

    @Test
    void of_shouldGrantNothing_forAMalformedBusinessGroup() {
        // GIVEN
        String id = Ids.newId();

        // WHEN
        Caller forged = Caller.of(
                "x",
                List.of(
                        "business-notanid",
                        "business-",
                        "business-" + id + " operators",
                        "business-" + id + ",business-" + Ids.newId(),
                        "business-" + id.toLowerCase(),
                        " business-" + id));

        // THEN
        assertThat(forged.businesses()).isEmpty();
        assertThat(forged.operator()).isFalse();
    }
}
