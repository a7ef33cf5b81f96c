package io.entitytable.deployment.logs;

import java.util.List;

/**
 * The CloudWatch Logs Insights query the CDK app saves beside the functions' log groups (docs/design.md §8, "Logs"),
 * in the parts CDK's {@code QueryString} takes.
 */
public final class LogQueries {
    /** The saved query's name, under the stack's name. */
    public static final String EFFECTS_OF_A_WRITE_NAME = "effects-of-a-write";

    /** What the saved query asks to be replaced by the write's request id (its answer's {@code apigw-requestid}). */
    public static final String REQUEST_ID_PLACEHOLDER = "REQUEST_ID";

    public static final List<String> EFFECTS_FIELDS = List.of(
            "@timestamp",
            "@log",
            "message",
            "mdc." + LogField.ROUTE.key(),
            "mdc." + LogField.STATUS.key(),
            "mdc." + LogField.LOCATION.key(),
            "mdc." + LogField.JOB.key(),
            "mdc." + LogField.EFFECTS.key());

    /**
     * Every line that names the request id: the request's own line, then each fan-out and indexer batch that wrote a
     * copy or a document for the version it wrote. A match on the whole line, so the id is found in {@code
     * mdc.correlationId} and inside a batch's {@code mdc.effects} alike.
     */
    public static final String EFFECTS_FILTER = "@message like \"" + REQUEST_ID_PLACEHOLDER + "\"";

    public static final String EFFECTS_SORT = "@timestamp asc";
    public static final int EFFECTS_LIMIT = 1_000;

    private LogQueries() {}
}
