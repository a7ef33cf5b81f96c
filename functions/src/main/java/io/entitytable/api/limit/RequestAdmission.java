package io.entitytable.api.limit;

import io.entitytable.api.access.Access;
import io.entitytable.api.error.ApiProblem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/** Charges the current request to its rate item (see RequestCharge), or refuses it with a 429. */
@ApplicationScoped
public class RequestAdmission {
    @Inject
    Access access;

    @Inject
    RateLimitConfig limits;

    @Inject
    RequestLimiter limiter;

    /** Charges a request to the path of these segments; a 429 {@link ApiProblem} when its share of the second is spent. */
    public void admit(List<String> path) {
        RequestCharge.of(access.caller(), path, limits)
                .filter(charge -> !limiter.charge(charge))
                .ifPresent(charge -> {
                    throw ApiProblem.tooManyRequests(charge.whose(), charge.limit());
                });
    }
}
