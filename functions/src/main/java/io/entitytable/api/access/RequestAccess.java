package io.entitytable.api.access;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.entitytable.api.config.ApiConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The access of the current request, from the token API Gateway's JWT authorizer verified: the claims it put into the
 * event ({@code requestContext.authorizer.jwt.claims}) say that it verified one, and the {@code Authorization} header
 * holds that very token ({@link AuthorizedToken}), whose groups are read as the exact list the token has. The function
 * trusts them because only API Gateway invokes it, after the authorizer verified the token; a deployment without an
 * authorizer says so with {@code ALLOW_UNAUTHENTICATED}, and then every caller is an operator. Outside a request
 * (there is no event), without claims, or without the token the claims describe, nobody is the caller.
 *
 * <p>Application-scoped, and the caller read again from the request's event at each question: decoding a token's
 * payload costs less than a request-scoped bean, and the services that ask are application-scoped too.
 */
@ApplicationScoped
public class RequestAccess extends Access {
    @Inject
    CurrentEvent currentEvent;

    @Inject
    ApiConfig config;

    @Override
    public Caller caller() {
        if (config.allowUnauthenticated()) {
            return new Caller("", true, Set.of());
        }
        return AuthorizedToken.of(authorization(), claims())
                .map(token -> Caller.of(token.subject(), token.groups(config.groupsClaim())))
                .orElse(Caller.NOBODY);
    }

    /** The event of this request, or null outside one. */
    protected APIGatewayV2HTTPEvent event() {
        return currentEvent.get();
    }

    /**
     * The request's {@code Authorization} header, by name in any case; null when there is none, or more than one
     * (API Gateway joins repeated headers into one, so two can only come from elsewhere).
     */
    protected String authorization() {
        APIGatewayV2HTTPEvent event = event();
        if (event == null || event.getHeaders() == null) {
            return null;
        }
        List<String> values = event.getHeaders().entrySet().stream()
                .filter(header -> header.getKey().equalsIgnoreCase(HttpHeaders.AUTHORIZATION))
                .map(Map.Entry::getValue)
                .toList();
        return values.size() == 1 ? values.get(0) : null;
    }

    /** The authorizer's claims in the event; empty when there are none. */
    protected Map<String, String> claims() {
        return Optional.ofNullable(event())
                .map(APIGatewayV2HTTPEvent::getRequestContext)
                .map(APIGatewayV2HTTPEvent.RequestContext::getAuthorizer)
                .map(APIGatewayV2HTTPEvent.RequestContext.Authorizer::getJwt)
                .map(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT::getClaims)
                .orElse(Map.of());
    }
}
