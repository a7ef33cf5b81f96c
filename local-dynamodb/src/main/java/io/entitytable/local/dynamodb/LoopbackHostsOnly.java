package io.entitytable.local.dynamodb;

import java.util.Set;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Serves only requests addressed to this machine by a loopback name ({@code Host: localhost:8000}, {@code
 * 127.0.0.1}, {@code [::1]}); any other {@code Host} is 403. Listening on loopback keeps other machines out, but not a
 * web page that re-points its own domain at 127.0.0.1 (DNS rebinding): the browser then treats DynamoDB Local as the
 * page's own origin, so no CORS rule applies, and it still sends the page's domain as {@code Host}.
 */
final class LoopbackHostsOnly extends Handler.Wrapper {
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    private static final int FORBIDDEN = 403;

    LoopbackHostsOnly(Handler handler) {
        super(handler);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (!LOOPBACK_NAMES.contains(Request.getServerName(request))) {
            Response.writeError(
                    request, response, callback, FORBIDDEN, "DynamoDB Local answers requests to localhost only");
            return true;
        }
        return super.handle(request, response, callback);
    }
}
