package io.entitytable.deployment.logs;

/**
 * The fields of the functions' one line per request and per batch (docs/design.md §8, "Logs"). The JSON log formatter
 * writes them under {@code mdc}, so CloudWatch Logs Insights finds them as {@code mdc.<name>}. No field holds a
 * subject's attributes: keys, ids, versions, counts and routes only, so no log line carries personal data.
 */
public final class LogFields {
    /** The API request that wrote a version: API Gateway's request id ({@code apigw-requestid}). */
    public static final String CORRELATION_ID = "correlationId";
    /** Of a batch: the distinct request ids its records name, space-separated. */
    public static final String CORRELATION_IDS = "correlationIds";

    /** Of a request: the operation ({@code operationId} of openapi.json), never the path's ids as a value to group by. */
    public static final String ROUTE = "route";

    public static final String METHOD = "method";
    public static final String PATH = "path";
    public static final String STATUS = "status";
    /** Of a request: the subject it created ({@code Location}), when it created one. */
    public static final String LOCATION = "location";
    /** Of a request: the version its answer names ({@code ETag}), when it names one. */
    public static final String ETAG = "etag";
    /** Milliseconds the request or batch took in the function. */
    public static final String MILLIS = "ms";

    /** Of a batch: how many records or messages it had. */
    public static final String RECORDS = "records";
    /**
     * Of a fan-out batch: per subject, the request ids and versions of its records and the copies they wrote and
     * deleted; of an indexer batch, the documents written and deleted. A JSON array, in one string.
     */
    public static final String EFFECTS = "effects";

    public static final String COPIES_WRITTEN = "copiesWritten";
    public static final String COPIES_DELETED = "copiesDeleted";
    /** Of a refresh worker's message: the job's subject ({@code store#<id>}) and pass. */
    public static final String JOB = "job";

    public static final String PASS = "pass";
    public static final String DOCUMENTS_WRITTEN = "documentsWritten";
    public static final String DOCUMENTS_DELETED = "documentsDeleted";

    /**
     * How many keys one line lists at most: a store renamed with a thousand inline copies still fits CloudWatch Logs'
     * 256 KB event; the counts are always whole.
     */
    public static final int MAX_LISTED_KEYS = 1_000;

    private LogFields() {}
}
