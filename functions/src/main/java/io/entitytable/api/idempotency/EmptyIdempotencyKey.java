package io.entitytable.api.idempotency;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses an {@code Idempotency-Key} header sent with nothing in it on a write, as {@link IdempotencyKeys#parse}
 * refuses any key outside its rule (a 400, before anything is read or written). A filter because the resources'
 * {@code @HeaderParam} gives an empty header as null, the same as no header: a request that asked for a key would
 * otherwise be served as one that asked for none, and a retry of it would write twice.
 */
public class EmptyIdempotencyKey {
    /** The methods that never take a key: their key header, whatever it holds, is not read. */
    private static final Set<String> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    @ServerRequestFilter
    public void refuseEmpty(ContainerRequestContext request) {
        if (READS.contains(request.getMethod()) || !request.getHeaders().containsKey(IdempotencyKeys.HEADER)) {
            return;
        }
        String value = request.getHeaderString(IdempotencyKeys.HEADER);
        if (value == null || value.isEmpty()) {
            IdempotencyKeys.parse("");
        }
    }
}
