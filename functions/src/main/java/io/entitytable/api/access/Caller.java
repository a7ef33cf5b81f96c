package io.entitytable.api.access;

import io.entitytable.model.Ids;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Who is calling, as the JWT authorizer in front of the API vouched for it: the token's subject, whether it is an
 * operator, and the businesses it is a member of.
 *
 * <p>Membership comes from one claim holding groups (Cognito's {@code cognito:groups} by default): {@value #OPERATORS}
 * makes an operator, {@code business-<id>} a member of business {@code <id>}; any other group grants nothing. API
 * Gateway passes a JWT's array claim to the function as one string, {@code "[operators business-01J...]"}, so both
 * that form and a plain comma- or space-separated list are read.
 *
 * @param subject the token's {@code sub}, or {@code ""} when there is none
 */
public record Caller(String subject, boolean operator, Set<String> businesses) {
    public static final String OPERATORS = "operators";
    public static final String BUSINESS_GROUP_PREFIX = "business-";
    public static final String SUBJECT_CLAIM = "sub";

    /** A caller with no token: nothing is allowed. */
    public static final Caller NOBODY = new Caller("", false, Set.of());

    public Caller {
        businesses = Set.copyOf(businesses);
    }

    /** The caller the claims describe; {@link #NOBODY} without claims. */
    public static Caller fromClaims(Map<String, String> claims, String groupsClaim) {
        if (claims == null || claims.isEmpty()) {
            return NOBODY;
        }
        boolean operator = false;
        Set<String> businesses = new LinkedHashSet<>();
        for (String group : groups(claims.get(groupsClaim))) {
            if (group.equals(OPERATORS)) {
                operator = true;
            } else if (group.startsWith(BUSINESS_GROUP_PREFIX)) {
                String id = group.substring(BUSINESS_GROUP_PREFIX.length());
                if (Ids.isValid(id)) {
                    businesses.add(id);
                }
            }
        }
        String subject = claims.getOrDefault(SUBJECT_CLAIM, "");
        return new Caller(subject == null ? "" : subject, operator, businesses);
    }

    /** Whether the caller may read and change business {@code businessId} and everything under it. */
    public boolean mayUse(String businessId) {
        return operator || businessId != null && businesses.contains(businessId);
    }

    private static Iterable<String> groups(String value) {
        if (value == null) {
            return Set.of();
        }
        String list = value.strip();
        if (list.startsWith("[") && list.endsWith("]")) {
            list = list.substring(1, list.length() - 1);
        }
        return Arrays.stream(list.split("[\\s,]+"))
                .filter(group -> !group.isEmpty())
                .toList();
    }
}
