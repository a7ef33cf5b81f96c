package io.entitytable.api.access;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.IllegalProductException;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The API Gateway event of the request being answered, for the beans that are application-scoped (all of them: a
 * request-scoped bean costs more than reading the event again) and need something of the request itself.
 */
@ApplicationScoped
public class CurrentEvent {
    @Inject
    Instance<APIGatewayV2HTTPEvent> events;

    /** The event of this request, or null outside one (and in a bean made without the container). */
    public APIGatewayV2HTTPEvent get() {
        if (events == null || !Arc.container().requestContext().isActive()) {
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

    /**
     * API Gateway's id of this request ({@code requestContext.requestId}, which its answer carries as {@code
     * apigw-requestid}): the correlation id of everything the request writes. Empty outside a request, and for an
     * event without one (Quarkus's test event server makes none).
     */
    public Optional<String> requestId() {
        return Optional.ofNullable(get())
                .map(APIGatewayV2HTTPEvent::getRequestContext)
                .map(APIGatewayV2HTTPEvent.RequestContext::getRequestId)
                .filter(id -> !id.isBlank());
    }
}
