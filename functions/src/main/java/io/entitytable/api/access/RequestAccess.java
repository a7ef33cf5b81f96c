package io.entitytable.api.access;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.entitytable.api.config.ApiConfig;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.IllegalProductException;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;

/**
 * The access of the current request, from the claims API Gateway's JWT authorizer put into the event
 * ({@code requestContext.authorizer.jwt.claims}). The function trusts them because only API Gateway invokes it, after
 * the authorizer verified the token; a deployment without an authorizer says so with {@code ALLOW_UNAUTHENTICATED},
 * and then every caller is an operator. Outside a request (there is no event) nobody is the caller.
 *
 * <p>Application-scoped, and the caller read again from the request's event at each question: parsing a few claims
 * costs less than a request-scoped bean, and the services that ask are application-scoped too.
 */
@ApplicationScoped
public class RequestAccess extends Access {
    @Inject
    Instance<APIGatewayV2HTTPEvent> events;

    @Inject
    ApiConfig config;

    @Override
    public Caller caller() {
        return resolve();
    }

    protected Caller resolve() {
        if (config.allowUnauthenticated()) {
            return new Caller("", true, Set.of());
        }
        return Caller.fromClaims(claims(), config.groupsClaim());
    }

    /** The event of this request, or null outside one. */
    protected APIGatewayV2HTTPEvent event() {
        if (!Arc.container().requestContext().isActive()) {
            return null;
        }
        try {
            APIGatewayV2HTTPEvent event = events.get();
            // The event is a request-scoped proxy: touching it makes the producer run, and fail here when the
            // request has no event.
            event.getVersion();
            return event;
        } catch (IllegalProductException e) {
            // A request context without an event: code running inside the function but not for a request.
            return null;
        }
    }

    /** The authorizer's claims in the event; empty when there are none. */
    protected Map<String, String> claims() {
        APIGatewayV2HTTPEvent event = event();
        if (event == null
                || event.getRequestContext() == null
                || event.getRequestContext().getAuthorizer() == null
                || event.getRequestContext().getAuthorizer().getJwt() == null) {
            return Map.of();
        }
        Map<String, String> claims =
                event.getRequestContext().getAuthorizer().getJwt().getClaims();
        return claims == null ? Map.of() : claims;
    }
}
