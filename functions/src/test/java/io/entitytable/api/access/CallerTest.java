package io.entitytable.api.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Ids;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallerTest {
    private static final String GROUPS = "cognito:groups";

    @Test
    void fromClaims_shouldReadApiGatewaysFlattenedGroups() {
        // GIVEN the groups claim as API Gateway passes a JWT array to the function
        String a = Ids.newId();
        String b = Ids.newId();
        Map<String, String> claims = Map.of("sub", "u-1", GROUPS, "[business-" + a + " business-" + b + " readers]");

        // WHEN
        Caller caller = Caller.fromClaims(claims, GROUPS);

        // THEN a member of both businesses, not an operator; the unknown group grants nothing
        assertThat(caller).isEqualTo(new Caller("u-1", false, java.util.Set.of(a, b)));
        assertThat(caller.mayUse(a)).isTrue();
        assertThat(caller.mayUse(Ids.newId())).isFalse();
        assertThat(caller.mayUse(null)).isFalse();
    }

    @Test
    void fromClaims_shouldMakeAnOperator_fromTheOperatorsGroup_inAnyListForm() {
        assertThat(Caller.fromClaims(Map.of(GROUPS, "[operators]"), GROUPS).operator())
                .isTrue();
        assertThat(Caller.fromClaims(Map.of("roles", "readers,operators"), "roles")
                        .operator())
                .isTrue();
        assertThat(Caller.fromClaims(Map.of(GROUPS, "operators-2"), GROUPS).operator())
                .isFalse();
        // AND an operator may use every business
        assertThat(Caller.fromClaims(Map.of(GROUPS, "operators"), GROUPS).mayUse(Ids.newId()))
                .isTrue();
    }

    @Test
    void fromClaims_shouldGrantNothing_withoutClaims_orWithAMalformedBusinessGroup() {
        assertThat(Caller.fromClaims(Map.of(), GROUPS)).isEqualTo(Caller.NOBODY);
        assertThat(Caller.fromClaims(null, GROUPS)).isEqualTo(Caller.NOBODY);
        Caller forged = Caller.fromClaims(Map.of(GROUPS, "[business-notanid business-]"), GROUPS);
        assertThat(forged.businesses()).isEmpty();
        assertThat(forged.operator()).isFalse();
        // AND the groups must be in the configured claim, not any other
        assertThat(Caller.fromClaims(Map.of("custom:groups", "operators"), GROUPS)
                        .operator())
                .isFalse();
    }
}
