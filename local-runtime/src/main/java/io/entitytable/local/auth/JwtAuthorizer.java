package io.entitytable.local.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jwt.JWTClaimsSet;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The front door's stand-in for the HTTP API's JWT authorizer: a request without a valid bearer token of the
 * {@link LocalIssuer} is answered 401 here and never becomes an event, so the function is not invoked and nothing is
 * written. A valid token's claims, shaped as API Gateway shapes them, stay on the request for the event ({@link
 * #claims(RoutingContext)}).
 *
 * <p>The 401 is an {@code application/problem+json} document, like every error of the API (API Gateway's own is
 * {@code {"message":"Unauthorized"}}), with {@code WWW-Authenticate: Bearer} (RFC 6750 §3: {@code
 * error="invalid_token"} and the reason when a token was sent, as API Gateway's challenge has them). Neither contains
 * the token, and nothing here logs it.
 *
 * @see <a href="https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html">Controlling
 *     access to HTTP APIs with JWT authorizers</a>
 */
public final class JwtAuthorizer implements Handler<RoutingContext> {
    static final String PROBLEM_JSON = "application/problem+json";
    private static final int UNAUTHORIZED = 401;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** RFC 6750 §2.1: the scheme is case-insensitive, the token one run of non-space characters. */
    private static final Pattern BEARER = Pattern.compile("(?i)bearer +(\\S+)\\s*");

    private static final String CLAIMS = JwtAuthorizer.class.getName() + ".claims";

    private final LocalIssuer issuer;

    public JwtAuthorizer(LocalIssuer issuer) {
        this.issuer = issuer;
    }

    /** The claims API Gateway would pass for this request's token, once it was verified. */
    public record Claims(Map<String, String> claims, List<String> scopes) {}

    /** The verified claims of the request, or null if it did not pass through the authorizer. */
    public static Claims claims(RoutingContext ctx) {
        return ctx.get(CLAIMS);
    }

    @Override
    public void handle(RoutingContext ctx) {
        String authorization = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || authorization.isBlank()) {
            refuse(ctx, "Bearer", "This API needs an Authorization: Bearer <token> header.");
            return;
        }
        Matcher bearer = BEARER.matcher(authorization);
        if (!bearer.matches()) {
            refuse(ctx, "Bearer error=\"invalid_request\"", "The Authorization header is not 'Bearer <token>'.");
            return;
        }
        JWTClaimsSet verified;
        try {
            verified = issuer.verify(bearer.group(1));
        } catch (LocalIssuer.InvalidTokenException e) {
            String reason = reason(e);
            refuse(ctx, invalidToken(reason), "The bearer token was rejected: " + reason);
            return;
        }
        ctx.put(CLAIMS, new Claims(ApiGatewayClaims.of(verified), ApiGatewayClaims.scopes(verified)));
        ctx.next();
    }

    /** The library's reason ("Expired JWT", "JWT audience rejected: [..]"), which never quotes the token itself. */
    private static String reason(LocalIssuer.InvalidTokenException e) {
        String message = String.valueOf(e.getMessage()).strip();
        return message.endsWith(".") ? message : message + ".";
    }

    /** RFC 6750's challenge for a rejected token; the reason is quoted, so it must not hold quotes itself. */
    private static String invalidToken(String reason) {
        String description = reason.replace('"', '\'').replace('\\', '/');
        return "Bearer error=\"invalid_token\", error_description=\"" + description + "\"";
    }

    private static void refuse(RoutingContext ctx, String challenge, String detail) {
        ObjectNode problem = JSON.createObjectNode()
                .put("type", "about:blank")
                .put("title", "Unauthorized")
                .put("status", UNAUTHORIZED)
                .put("detail", detail);
        ctx.response()
                .setStatusCode(UNAUTHORIZED)
                .putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
                .putHeader("WWW-Authenticate", challenge)
                .end(problem.toString());
    }
}
