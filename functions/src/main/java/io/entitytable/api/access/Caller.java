package io.entitytable.api.access;

import io.entitytable.deployment.AuthGroups;
import io.entitytable.model.Ids;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who is calling, as the JWT authorizer in front of the API vouched for it: the token's subject, whether it is an
 * operator, and the businesses it is a member of.
 *
 * <p>Membership comes from the groups of one claim (Cognito's {@code cognito:groups} by default), read as an exact
 * list ({@link AuthorizedToken#groups}): a group that is exactly {@code operators} makes an operator, exactly
 * {@code business-<id>} with a valid id a member of business {@code <id>}; any other group grants nothing, whatever
 * it contains ({@code support,operators}, {@code Night operators}, {@code operators } with a trailing space).
 *
 * @param subject the token's {@code sub}, or {@code ""} when there is none
 */
public record Caller(String subject, boolean operator, Set<String> businesses) {
    public static final String SUBJECT_CLAIM = "sub";

    /** A caller with no token: nothing is allowed. */
    public static final Caller NOBODY = new Caller("", false, Set.of());

    public Caller {
        businesses = Set.copyOf(businesses);
    }

    /** The caller with subject {@code subject} and exactly the groups {@code groups}. */
    public static Caller of(String subject, List<String> groups) {
        boolean operator = false;
        Set<String> businesses = new LinkedHashSet<>();
        for (String group : groups) {
            if (group.equals(AuthGroups.OPERATORS)) {
                operator = true;
            } else if (group.startsWith(AuthGroups.BUSINESS_PREFIX)) {
                String id = group.substring(AuthGroups.BUSINESS_PREFIX.length());
                if (Ids.isValid(id)) {
                    businesses.add(id);
                }
            }
        }
        return new Caller(subject == null ? "" : subject, operator, businesses);
    }

    /** Whether the caller may read and change business {@code businessId} and everything under it. */
    public boolean mayUse(String businessId) {
        return operator || businessId != null && businesses.contains(businessId);
    }
}
