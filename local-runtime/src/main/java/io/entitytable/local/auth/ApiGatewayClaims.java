package io.entitytable.local.auth;

import com.nimbusds.jwt.JWTClaimsSet;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A token's claims as API Gateway's HTTP API JWT authorizer hands them to the function (payload 2.0,
 * {@code requestContext.authorizer.jwt.claims}): every value a string, an array flattened to its values separated by
 * spaces inside brackets ({@code "[operators business-01J...]"}), times as epoch seconds.
 */
public final class ApiGatewayClaims {
    private ApiGatewayClaims() {}

    /**
     * The claims as the token's JSON has them ({@link JWTClaimsSet#toJSONObject()}: a single audience is a string, as
     * in a Cognito token, not the one-element list the parsed claims hold; times are epoch seconds), each turned into
     * API Gateway's string.
     */
    public static Map<String, String> of(JWTClaimsSet claims) {
        Map<String, String> flat = new LinkedHashMap<>();
        claims.toJSONObject().forEach((name, value) -> flat.put(name, text(value)));
        return flat;
    }

    /** The {@code scopes} API Gateway passes: the token's space-separated {@code scope} claim, or none. */
    public static List<String> scopes(JWTClaimsSet claims) {
        Object scope = claims.getClaim("scope");
        return scope == null ? null : List.of(scope.toString().trim().split("\\s+"));
    }

    private static String text(Object value) {
        if (value instanceof Collection<?> values) {
            return values.stream().map(ApiGatewayClaims::text).collect(Collectors.joining(" ", "[", "]"));
        }
        return String.valueOf(value);
    }
}
