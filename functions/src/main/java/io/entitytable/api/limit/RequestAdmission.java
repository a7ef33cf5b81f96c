package io.entitytable.api.limit;

import io.entitytable.api.access.Access;
import io.entitytable.api.error.ApiProblem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/** Charges the current request to its rate item (see RequestCharge), or refuses it with a 429. */
@ApplicationScoped
public class RequestAdmission {
    private final Access access;
    private final RateLimitConfig limits;
    private final RequestLimiter limiter;

    @Inject
    public RequestAdmission(Access access, RateLimitConfig limits, RequestLimiter limiter) {
        this.access = access;
        this.limits = limits;
        this.limiter = limiter;
    }

    /** Charges a request to the path of these segments; a 429 {@link ApiProblem} when its share of the second is spent. */
    public void admit(List<String> path) {
        RequestCharge.of(access.caller(), path, limits)
                .filter(charge -> !limiter.charge(charge))
                .ifPresent(charge -> {
                    throw ApiProblem.tooManyRequests(charge.whose(), charge.limit());
                });
    }
}
