package io.entitytable.api.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Tokens as a Cognito pool issues them, and the claims API Gateway's JWT authorizer passes for them, for tests that
 * put a verified caller into an event. The signature part is a placeholder: the function never checks it again (the
 * authorizer did), it checks that the header's token is the one the claims describe.
 */
public final class TestTokens {
    public static final String GROUPS = "cognito:groups";
    private static final ObjectMapper JSON = new ObjectMapper();

    private TestTokens() {}

    /** A Cognito-like payload for subject {@code sub} with {@code groups} as the groups claim (an array or a string). */
    public static Map<String, Object> payload(String sub, Object groups) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("sub", sub);
        if (groups != null) {
            payload.put(GROUPS, groups);
        }
        payload.put("iss", "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Example01");
        payload.put("token_use", "access");
        payload.put("exp", 1_795_316_400L);
        payload.put("iat", 1_795_312_800L);
        payload.put("jti", "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a");
        return payload;
    }

    /** The compact JWS of {@code payload}: header, payload, placeholder signature. */
    public static String token(Map<String, Object> payload) {
        try {
            return part("{\"kid\":\"example\",\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8))
                    + "."
                    + part(JSON.writeValueAsBytes(payload))
                    + "."
                    + part("not-checked-by-the-function".getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The claims as API Gateway passes them to the function: every value a string, an array flattened to its values
     * separated by single spaces inside brackets, a number as its digits.
     */
    public static Map<String, String> claims(Map<String, Object> payload) {
        Map<String, String> claims = new LinkedHashMap<>();
        payload.forEach((name, value) -> claims.put(name, flat(value)));
        return claims;
    }

    private static String flat(Object value) {
        if (value instanceof Collection<?> values) {
            return values.stream().map(TestTokens::flat).collect(Collectors.joining(" ", "[", "]"));
        }
        return String.valueOf(value);
    }

    private static String part(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
