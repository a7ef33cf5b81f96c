package io.entitytable.api.access;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

/**
 * The token API Gateway's JWT authorizer verified for this request, read from the request's {@code Authorization}
 * header, the authorizer's identity source: the header holds exactly the token the authorizer checked.
 *
 * <p>Why not the claims the authorizer passes: they are all strings, and an array claim arrives flattened into one,
 * {@code "[operators business-01J...]"}, which cannot tell the group {@code Night operators} from the two groups
 * {@code Night} and {@code operators}. The token's own JSON can.
 *
 * <p>The signature is not checked again (the authorizer did, and only API Gateway invokes the function). Instead the
 * token must be the one the authorizer verified: its {@code sub}, {@code iat} and {@code exp} equal the claims the
 * authorizer passed, and so does {@code jti} when either has one. Anything else (no header, not a JWT, a payload that
 * is not one JSON object, a claim that differs) is no token.
 */
public final class AuthorizedToken {
    /**
     * A JWS in compact form, three base64url parts, with or without the {@code Bearer} scheme (in any case): API
     * Gateway's JWT authorizer accepts both. No other character: two headers joined by a comma are not a token.
     */
    private static final Pattern AUTHORIZATION =
            Pattern.compile("(?:(?i:bearer) +)?[A-Za-z0-9_-]+\\.([A-Za-z0-9_-]+)\\.[A-Za-z0-9_-]*");

    private static final List<String> BINDING_CLAIMS = List.of(Caller.SUBJECT_CLAIM, "iat", "exp");
    private static final String TOKEN_ID_CLAIM = "jti";

    /** A key given twice would leave it to the parser which value counts: such a payload is no token. */
    private static final ObjectReader PAYLOAD = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .reader();

    private final JsonNode payload;

    private AuthorizedToken(JsonNode payload) {
        this.payload = payload;
    }

    /**
     * The token in {@code authorization} when it is the one the authorizer verified, as its {@code claims} show;
     * empty otherwise.
     */
    public static Optional<AuthorizedToken> of(String authorization, Map<String, String> claims) {
        if (authorization == null || claims == null || claims.isEmpty()) {
            return Optional.empty();
        }
        Matcher token = AUTHORIZATION.matcher(authorization.strip());
        if (!token.matches()) {
            return Optional.empty();
        }
        JsonNode payload;
        try {
            payload = PAYLOAD.readTree(Base64.getUrlDecoder().decode(token.group(1)));
        } catch (IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
        if (payload == null || !payload.isObject()) {
            return Optional.empty();
        }
        for (String name : BINDING_CLAIMS) {
            String passed = claims.get(name);
            if (passed == null || !passed.equals(text(payload.path(name)))) {
                return Optional.empty();
            }
        }
        if (!Objects.equals(claims.get(TOKEN_ID_CLAIM), text(payload.path(TOKEN_ID_CLAIM)))) {
            return Optional.empty();
        }
        return Optional.of(new AuthorizedToken(payload));
    }

    /** The token's {@code sub}. */
    public String subject() {
        return text(payload.path(Caller.SUBJECT_CLAIM));
    }

    /**
     * The groups in claim {@code name}, exactly as the token lists them: each string of an array claim, or the one
     * string of a string claim (an external issuer's single group), never split. Anything else holds no group.
     */
    public List<String> groups(String name) {
        JsonNode claim = payload.path(name);
        if (claim.isTextual()) {
            return List.of(claim.textValue());
        }
        if (claim.isArray()) {
            return StreamSupport.stream(claim.spliterator(), false)
                    .filter(JsonNode::isTextual)
                    .map(JsonNode::textValue)
                    .toList();
        }
        return List.of();
    }

    /**
     * A claim as API Gateway passes it: a string as is, a whole number as its digits (times are epoch seconds);
     * null for anything that cannot bind a token to its claims (an absent claim among them).
     */
    private static String text(JsonNode value) {
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        return null;
    }
}
