package io.entitytable.infra;

import java.util.Locale;

/**
 * How much a stage records about each request (context {@code observability}): everything, by default, or what a
 * stage at high traffic can afford. Both keep every metric and alarm, the dashboard, and the fan-out's and indexer's
 * lines per batch, which name each write's request id; what a request costs in logs and traces is in the capacity
 * report's cost section.
 */
public enum Observability {
    /** X-Ray traces, the API's line per request, Lambda's START, END and REPORT lines, the full access log. */
    FULL("full"),
    /**
     * No trace, no line per request (the API's warnings and errors stay), no START, END or REPORT line (Lambda's JSON
     * log format with its system level at WARN), and an access log of the request id, route, status, latency and
     * integration error only.
     */
    AT_SCALE("scale");

    private final String contextValue;

    Observability(String contextValue) {
        this.contextValue = contextValue;
    }

    /** The profile a context value names: {@code full} or {@code scale}. */
    static Observability of(String contextValue) {
        for (Observability profile : values()) {
            if (profile.contextValue.equals(contextValue.toLowerCase(Locale.ROOT))) {
                return profile;
            }
        }
        throw new IllegalArgumentException("observability must be full or scale, was " + contextValue);
    }
}
