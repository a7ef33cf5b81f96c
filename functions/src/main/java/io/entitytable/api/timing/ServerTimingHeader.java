package io.entitytable.api.timing;

/**
 * Writes a request's {@link RequestTiming.Snapshot} as a {@code Server-Timing} header value, the W3C format that
 * browsers' developer tools and observability tools read:
 *
 * <pre>
 * app;dur=4.213, db;dur=3.104;count=2;desc="2 requests"
 * app;dur=4.213, db;dur=3.104;count=2;rcu=1.5;wcu=0;desc="2 requests"   (capacity asked for)
 * app;dur=6.020, db;dur=0.000;count=0;desc="0 requests", search;dur=5.310;count=1   (a search)
 * </pre>
 *
 * {@code app} is the request's time in the function, from the JAX-RS layer to the response written; {@code db} the
 * wall time during which at least one DynamoDB call was outstanding, {@code count} the calls made, {@code rcu} /
 * {@code wcu} the capacity DynamoDB reported. Durations are milliseconds with microsecond resolution. {@code count},
 * {@code rcu} and {@code wcu} are extension parameters, which the format allows and user agents ignore; {@code desc}
 * says the same for people. {@code search} is the time spent in calls to the search engine, only on requests that
 * made one. The function's own time is {@code app - db - search}.
 *
 * <p>Built with a StringBuilder and integer arithmetic: {@code String.format} would cost more than the rest of the
 * feature.
 *
 * @see <a href="https://www.w3.org/TR/server-timing/">Server Timing</a>
 */
public final class ServerTimingHeader {
    public static final String NAME = "Server-Timing";

    private ServerTimingHeader() {}

    public static String format(RequestTiming.Snapshot snapshot) {
        StringBuilder out = new StringBuilder(96).append("app;dur=");
        millis(out, snapshot.appNanos());
        out.append(", db;dur=");
        millis(out, snapshot.dbNanos());
        out.append(";count=").append(snapshot.calls());
        if (snapshot.capacityReported()) {
            out.append(";rcu=");
            units(out, snapshot.readUnits());
            out.append(";wcu=");
            units(out, snapshot.writeUnits());
        }
        out.append(";desc=\"").append(snapshot.calls()).append(snapshot.calls() == 1 ? " request" : " requests");
        out.append('"');
        if (snapshot.searchCalls() > 0) {
            out.append(", search;dur=");
            millis(out, snapshot.searchNanos());
            out.append(";count=").append(snapshot.searchCalls());
        }
        return out.toString();
    }

    /** Only the request's time in the function: {@code app;dur=4.213}. */
    public static String formatTotalOnly(RequestTiming.Snapshot snapshot) {
        StringBuilder out = new StringBuilder(24).append("app;dur=");
        millis(out, snapshot.appNanos());
        return out.toString();
    }

    /** Nanoseconds as milliseconds with three decimals, rounded to the nearest microsecond. */
    static void millis(StringBuilder out, long nanos) {
        long micros = (Math.max(0, nanos) + 500) / 1000;
        long fraction = micros % 1000;
        out.append(micros / 1000).append('.');
        out.append(fraction < 10 ? "00" : fraction < 100 ? "0" : "").append(fraction);
    }

    /** Capacity units: whole numbers without a fraction, others as Java prints them (0.5, 1.5). */
    static void units(StringBuilder out, double units) {
        if (units == Math.rint(units) && Math.abs(units) < 1e15) {
            out.append((long) units);
        } else {
            out.append(units);
        }
    }
}
