package io.entitytable.api.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.access.Caller;
import io.entitytable.model.Ids;
import io.entitytable.model.RequestLimits;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which rate item a request is charged to, for every kind of caller and route. */
class RequestChargeTest {
    private static final String A = Ids.newId();
    private static final String B = Ids.newId();
    private static final RateLimitConfig LIMITS = limits(50, 20);

    private static final Caller MEMBER_OF_A = new Caller("sub-a", false, Set.of(A));
    private static final Caller MEMBER_OF_BOTH = new Caller("sub-ab", false, Set.of(A, B));
    private static final Caller MEMBER_OF_NONE = new Caller("sub-none", false, Set.of());
    private static final Caller OPERATOR = new Caller("sub-op", true, Set.of());

    @Test
    void aBusinessRoute_shouldChargeItsBusiness_whenTheCallerMayUseIt() {
        assertThat(charge(MEMBER_OF_A, "businesses", A, "customers"))
                .contains(new RequestCharge(List.of(RequestLimits.businessKey(A)), 50, "business " + A));
        assertThat(charge(MEMBER_OF_BOTH, "businesses", B))
                .map(charge -> charge.buckets().get(0))
                .contains(RequestLimits.businessKey(B));
        assertThat(charge(OPERATOR, "businesses", B, "tagged"))
                .map(charge -> charge.buckets().get(0))
                .contains(RequestLimits.businessKey(B));
    }

    @Test
    void anotherBusinessesRoute_shouldChargeTheCallersOwnShare_neverTheBusinessItNames() {
        assertThat(charge(MEMBER_OF_A, "businesses", B))
                .map(charge -> charge.buckets().get(0))
                .contains(RequestLimits.businessKey(A));
        assertThat(charge(MEMBER_OF_NONE, "businesses", B))
                .map(charge -> charge.buckets().get(0))
                .contains(RequestLimits.callerKey("sub-none"));
    }

    @Test
    void aSubjectRoute_shouldChargeTheOneBusiness_orElseTheCaller_butNeverAnOperator() {
        String customer = Ids.newId();
        assertThat(charge(MEMBER_OF_A, "customers", customer))
                .map(charge -> charge.buckets().get(0))
                .contains(RequestLimits.businessKey(A));
        assertThat(charge(MEMBER_OF_BOTH, "customers", customer))
                .contains(new RequestCharge(List.of(RequestLimits.callerKey("sub-ab")), 20, "this caller"));
        assertThat(charge(OPERATOR, "customers", customer)).isEmpty();
        assertThat(charge(OPERATOR, "businesses")).isEmpty();
        assertThat(charge(OPERATOR, "businesses", "not-an-id")).isEmpty();
    }

    @Test
    void aCallerWithoutSubject_orALimitOfZero_shouldChargeNothing() {
        assertThat(charge(Caller.NOBODY, "businesses", A)).isEmpty();
        assertThat(RequestCharge.of(MEMBER_OF_A, List.of("businesses", A), limits(0, 20)))
                .isEmpty();
        assertThat(RequestCharge.of(MEMBER_OF_BOTH, List.of("stores", Ids.newId()), limits(50, 0)))
                .isEmpty();
    }

    private static Optional<RequestCharge> charge(Caller caller, String... path) {
        return RequestCharge.of(caller, List.of(path), LIMITS);
    }

    private static RateLimitConfig limits(int perBusiness, int perCaller) {
        return new RateLimitConfig() {
            @Override
            public int perBusiness() {
                return perBusiness;
            }

            @Override
            public int perCaller() {
                return perCaller;
            }
        };
    }
}
