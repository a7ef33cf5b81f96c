package io.entitytable.search.local;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells what a web page's browser sends from what a program sends, for the local listeners that check no one (the
 * search engine, SQS). Listening on loopback keeps other machines out, but not a page open in the developer's browser:
 * it may send a form POST or an image's GET to any port on localhost without a preflight (it cannot read the answer,
 * but the server acts on it), and a page that re-points its own domain at 127.0.0.1 (DNS rebinding) may send anything,
 * as to its own origin. A browser marks every such request: {@code Origin} on every POST and on every cross-origin
 * fetch, {@code Sec-Fetch-Site}/{@code Sec-Fetch-Mode} on every request (in current browsers), and the page's own
 * domain as {@code Host} after a rebinding. The project's clients (the AWS SDK, opensearch-java, java.net.http, curl)
 * send none of that. JDK only: the local runtime's SQS proxy gets this class with the launcher.
 */
public final class WebPageRequests {
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");
    private static final Pattern HOST = Pattern.compile("(\\[[^\\]]*\\]|[^:\\[\\]]*)(:\\d{1,5})?");

    private WebPageRequests() {}

    /**
     * Why a request is refused, or empty when it may be served.
     *
     * @param header a request header's value by its name (any case), or null when the request has none
     */
    public static Optional<String> refusal(Function<String, String> header) {
        if (header.apply("Origin") != null) {
            return Optional.of("requests with an Origin header come from web pages and are not served here");
        }
        if (header.apply("Sec-Fetch-Site") != null || header.apply("Sec-Fetch-Mode") != null) {
            return Optional.of("requests with Sec-Fetch headers come from web browsers and are not served here");
        }
        if (!isLoopbackName(header.apply("Host"))) {
            return Optional.of("only requests addressed to localhost, 127.0.0.1 or [::1] are served here");
        }
        return Optional.empty();
    }

    /** Whether a {@code Host} header names this machine's loopback, with or without a port. */
    static boolean isLoopbackName(String host) {
        if (host == null) {
            return false;
        }
        Matcher parts = HOST.matcher(host.trim().toLowerCase(Locale.ROOT));
        return parts.matches() && LOOPBACK_NAMES.contains(parts.group(1));
    }
}
