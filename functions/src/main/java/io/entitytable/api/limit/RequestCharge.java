package io.entitytable.api.limit;

import io.entitytable.api.access.Caller;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RequestLimits;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * The rate item a request is charged to and the limit it is held to (docs/design.md §8, "Request limits"):
 *
 * <ol>
 *   <li>a route under {@code /businesses/{id}} that the caller may use: that business;
 *   <li>otherwise, a member of exactly one business: that business (its requests to another business's routes, which
 *       answer 404, count against its own share, never against the business they name);
 *   <li>an operator, on any other route: nothing. Operators are the deployment's own staff, not a tenant, and the
 *       stage's throttle bounds them;
 *   <li>anyone else (a member of several businesses or of none, on a route that names none of its): the caller,
 *       named by its token's {@code sub}; a request without one (only SnapStart's priming request has none) is not
 *       charged.
 * </ol>
 *
 * @param buckets the rate items the share is spread over ({@link RequestLimits#buckets}), each of its share of the limit
 * @param limit requests a second
 * @param whose what the 429 names: {@code business <id>} or {@code this caller}
 */
public record RequestCharge(List<ItemKey> buckets, int limit, String whose) {
    public RequestCharge {
        buckets = List.copyOf(buckets);
    }

    private static final String BUSINESSES = Entity.BUSINESS.collection();

    /** The charge of a request by {@code caller} to a path of these segments, or none. */
    public static Optional<RequestCharge> of(Caller caller, List<String> path, RateLimitConfig limits) {
        Optional<String> business = namedBusiness(path).filter(caller::mayUse);
        if (business.isEmpty() && !caller.operator() && caller.businesses().size() == 1) {
            business = Optional.of(caller.businesses().iterator().next());
        }
        if (business.isPresent()) {
            String id = business.get();
            return charge(limits.perBusiness(), bucket -> RequestLimits.businessKey(id, bucket), "business " + id);
        }
        if (caller.operator() || caller.subject().isEmpty()) {
            return Optional.empty();
        }
        return charge(limits.perCaller(), bucket -> RequestLimits.callerKey(caller.subject(), bucket), "this caller");
    }

    /** The charge to the buckets {@code key} names, or none when {@code limit} turns the limit off. */
    private static Optional<RequestCharge> charge(int limit, IntFunction<ItemKey> key, String whose) {
        if (limit <= RequestLimits.OFF) {
            return Optional.empty();
        }
        return Optional.of(new RequestCharge(
                IntStream.range(0, RequestLimits.buckets(limit)).mapToObj(key).toList(), limit, whose));
    }

    /** The business a {@code /businesses/{id}...} path names, when its id is well-formed. */
    private static Optional<String> namedBusiness(List<String> path) {
        return path.size() >= 2 && path.get(0).equals(BUSINESSES) && Ids.isValid(path.get(1))
                ? Optional.of(path.get(1))
                : Optional.empty();
    }
}
