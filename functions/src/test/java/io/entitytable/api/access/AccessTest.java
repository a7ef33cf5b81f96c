package io.entitytable.api.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Values;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AccessTest {
    private final String own = Ids.newId();
    private final String foreign = Ids.newId();
    private final Access member = TestAccess.of(new Caller("m", false, Set.of(own)));
    private final Access operator = TestAccess.of(new Caller("o", true, Set.of()));
    private final Access nobody = TestAccess.of(Caller.NOBODY);

    @Test
    void requireOperator_shouldBe403_forAnyoneButAnOperator() {
        assertThatCode(() -> operator.requireOperator("create businesses")).doesNotThrowAnyException();
        for (Access other : new Access[] {member, nobody}) {
            ApiProblem problem =
                    catchThrowableOfType(ApiProblem.class, () -> other.requireOperator("create businesses"));
            assertThat(problem.status()).isEqualTo(403);
            assertThat(problem.getMessage()).isEqualTo("only operators may create businesses");
        }
    }

    @Test
    void requireBusiness_shouldBeTheSame404AsAMissingBusiness_forOneTheCallerMayNotUse() {
        assertThatCode(() -> member.requireBusiness(own)).doesNotThrowAnyException();
        assertThatCode(() -> operator.requireBusiness(foreign)).doesNotThrowAnyException();
        ApiProblem denied = catchThrowableOfType(ApiProblem.class, () -> member.requireBusiness(foreign));
        ApiProblem missing = ApiProblem.notFound(Entity.BUSINESS.keyName(), foreign);
        assertThat(denied.status()).isEqualTo(404);
        assertThat(denied.getMessage()).isEqualTo(missing.getMessage());
        assertThat(catchThrowableOfType(ApiProblem.class, () -> nobody.requireBusiness(own))
                        .status())
                .isEqualTo(404);
    }

    @Test
    void requireItem_shouldJudgeACoreItemByItsBusinessId() {
        String customer = Ids.newId();
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> ownItem =
                Map.of(Attributes.ID, Values.s(customer), Attributes.BUSINESS_ID, Values.s(own));
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> foreignItem =
                Map.of(Attributes.ID, Values.s(customer), Attributes.BUSINESS_ID, Values.s(foreign));
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> noBusiness =
                Map.of(Attributes.ID, Values.s(customer));

        assertThatCode(() -> member.requireItem(Entity.CUSTOMER, customer, ownItem))
                .doesNotThrowAnyException();
        assertThatCode(() -> operator.requireItem(Entity.CUSTOMER, customer, foreignItem))
                .doesNotThrowAnyException();
        ApiProblem denied = catchThrowableOfType(
                ApiProblem.class, () -> member.requireItem(Entity.CUSTOMER, customer, foreignItem));
        assertThat(denied.status()).isEqualTo(404);
        assertThat(denied.getMessage()).isEqualTo("customer " + customer + " does not exist");
        assertThat(catchThrowableOfType(
                                ApiProblem.class, () -> member.requireItem(Entity.CUSTOMER, customer, noBusiness))
                        .status())
                .isEqualTo(404);
    }

    @Test
    void seesEverything_andCursorScope_shouldFollowTheCaller() {
        assertThat(operator.seesEverything()).isTrue();
        assertThat(member.seesEverything()).isFalse();
        assertThat(member.cursorScope()).isEqualTo("m").isNotEqualTo(operator.cursorScope());
    }
}
