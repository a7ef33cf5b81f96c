package io.entitytable.api.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.access.TestTokens;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The caller every sample event speaks for (events/api/README.md): an operator, with a Cognito access token whose
 * payload the authorizer's claims describe. The token's header and signature are placeholders: the function reads
 * the payload and compares it with the claims, the authorizer checked the signature.
 */
final class SampleOperator {
    static final String SCOPE = "aws.cognito.signin.user.admin";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEADER = "{\"kid\":\"example-key-id\",\"alg\":\"RS256\"}";
    private static final String SIGNATURE = "unsigned: the function does not check it again";

    private SampleOperator() {}

    /** The token's payload, in the order the committed events' token has it. */
    static Map<String, Object> payload() {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("sub", "6b1e4a52-7c0d-4f7e-9a1b-2c3d4e5f6a7b");
        payload.put(TestTokens.GROUPS, List.of("operators"));
        payload.put("iss", "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Example01");
        payload.put("client_id", "4example0client0id0abcdefg");
        payload.put("origin_jti", "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6");
        payload.put("event_id", "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d");
        payload.put("token_use", "access");
        payload.put("scope", SCOPE);
        payload.put("auth_time", 1_795_312_800L);
        payload.put("exp", 1_795_316_400L);
        payload.put("iat", 1_795_312_800L);
        payload.put("jti", "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a");
        payload.put("username", "operator");
        return payload;
    }

    /** The {@code authorization} header's value. */
    static String authorization() {
        try {
            return "Bearer " + part(HEADER.getBytes(StandardCharsets.UTF_8)) + "."
                    + part(JSON.writeValueAsBytes(payload())) + "." + part(SIGNATURE.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The claims as API Gateway's JWT authorizer passes them: every value a string. */
    static Map<String, String> claims() {
        return TestTokens.claims(payload());
    }

    private static String part(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
