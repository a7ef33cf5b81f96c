package io.entitytable.local.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.auth.Problems;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;

/**
 * {@code POST /console/session}: signs the console in with an operator token of the local issuer, so nobody copies a
 * token into the page. It hands a token to whoever asks, so it asks who that is:
 *
 * <ul>
 *   <li>a process of this machine: the client's address is a loopback address, also when the front door was bound
 *       wider with {@code start --bind-address};
 *   <li>through a loopback name: the {@code Host} header is {@code localhost}, {@code 127.0.0.1} or {@code [::1]},
 *       so a page of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) is refused;
 *   <li>the console's own page: a browser's {@code Origin} (and {@code Sec-Fetch-Site}) must say the request comes
 *       from the same origin, so another site's page cannot post here; a browser never lets another origin read the
 *       answer either, since the front door sends no CORS header.
 * </ul>
 *
 * A refusal is 403 problem+json and mints nothing.
 */
final class ConsoleSession implements Handler<RoutingContext> {
    static final String PATH = Console.PATH + "/session";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FORBIDDEN = 403;
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");

    private final LocalIssuer issuer;

    ConsoleSession(LocalIssuer issuer) {
        this.issuer = issuer;
    }

    @Override
    public void handle(RoutingContext ctx) {
        String refusal = refusal(
                ctx.request().remoteAddress(),
                ctx.request().getHeader(HttpHeaders.HOST),
                ctx.request().getHeader(HttpHeaders.ORIGIN),
                ctx.request().getHeader("Sec-Fetch-Site"));
        if (refusal != null) {
            Problems.send(ctx, FORBIDDEN, "Forbidden", refusal);
            return;
        }
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(JSON.createObjectNode()
                        .put("token", issuer.operatorToken())
                        .put(
                                "expiresAt",
                                Instant.now().plus(LocalIssuer.TOKEN_LIFETIME).toString())
                        .toString());
    }

    /** Why the request may not have a token, or null when it may. */
    static String refusal(SocketAddress client, String host, String origin, String fetchSite) {
        if (!isLoopback(client)) {
            return "The console signs in only from this machine.";
        }
        if (host == null || !LOOPBACK_NAMES.contains(hostName(host))) {
            return "The console signs in only through localhost, 127.0.0.1 or [::1].";
        }
        if (origin != null && !origin.equalsIgnoreCase("http://" + host)) {
            return "The console signs in only from its own page.";
        }
        if (fetchSite != null && !fetchSite.equals("same-origin")) {
            return "The console signs in only from its own page.";
        }
        return null;
    }

    static boolean isLoopback(SocketAddress client) {
        if (client == null || client.hostAddress() == null) {
            return false;
        }
        try {
            // An address literal: no name lookup happens.
            return InetAddress.getByName(client.hostAddress()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** {@code localhost:8080} → {@code localhost}; {@code [::1]:8080} → {@code [::1]}. */
    private static String hostName(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        int end = lower.startsWith("[") ? lower.indexOf(']') + 1 : lower.indexOf(':');
        return end <= 0 ? lower : lower.substring(0, end);
    }
}
