package io.entitytable.deployment;

/**
 * The groups a caller's token carries, and the claim they arrive in: spelled once for the API's authorization, the
 * stack's user pool and the local issuer, so that a token either of them mints is read the same way by the API.
 *
 * <p>A group that is exactly {@value #OPERATORS} makes an operator; exactly {@code business-<id>} a member of business
 * {@code <id>}. The API reads no other group.
 */
public final class AuthGroups {
    /**
     * The claim that carries the groups when the deployer names no other ({@code AUTH_GROUPS_CLAIM}): where a Cognito
     * user pool puts them, as the stack's own and the local issuer do.
     */
    public static final String DEFAULT_CLAIM = "cognito:groups";

    /** The group whose members may do everything. */
    public static final String OPERATORS = "operators";

    /** The prefix of a business's member group: {@code business-<businessId>}. */
    public static final String BUSINESS_PREFIX = "business-";

    private AuthGroups() {}

    /** The member group of business {@code businessId}. */
    public static String ofBusiness(String businessId) {
        return BUSINESS_PREFIX + businessId;
    }
}
