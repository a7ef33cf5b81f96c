package io.entitytable.deployment.logs;

/**
 * The fields of the functions' one line per request and per batch (docs/design.md §8, "Logs"), the only ones {@link
 * LogLine} writes. The JSON log formatter writes them under {@code mdc}, so CloudWatch Logs Insights finds them as
 * {@code mdc.<key>}. No field holds a subject's attributes: keys, ids, versions, counts and routes only, so no log line
 * carries personal data.
 */
public enum LogField {
    /** The API request that wrote a version: API Gateway's request id ({@code apigw-requestid}). */
    CORRELATION_ID("correlationId"),
    /** Of a batch: the distinct request ids its records name, space-separated. */
    CORRELATION_IDS("correlationIds"),
    /** Of a request: the operation ({@code operationId} of openapi.json). */
    ROUTE("route"),
    METHOD("method"),
    /** Of a request: its path, when it matched a route and holds ids, tags and slashes alone. */
    PATH("path"),
    STATUS("status"),
    /** Of a request: the subject it created ({@code Location}), when it created one. */
    LOCATION("location"),
    /** Of a request: the version its answer names ({@code ETag}), when it names one. */
    ETAG("etag"),
    /** Milliseconds the request or batch took in the function. */
    MILLIS("ms"),
    /** Of a batch: how many records or messages it had. */
    RECORDS("records"),
    /**
     * Of a fan-out batch: per subject, the request ids and versions of its records and the copies they wrote and
     * deleted; of an indexer batch, the documents written and deleted. A JSON array, in one string.
     */
    EFFECTS("effects"),
    COPIES_WRITTEN("copiesWritten"),
    COPIES_DELETED("copiesDeleted"),
    /** Of a refresh worker's message: the job's subject ({@code store#<id>}). */
    JOB("job"),
    PASS("pass"),
    DOCUMENTS_WRITTEN("documentsWritten"),
    DOCUMENTS_DELETED("documentsDeleted");

    private final String key;

    LogField(String key) {
        this.key = key;
    }

    /** The field's name in the line's {@code mdc} object, and in the effects' JSON where it appears there too. */
    public String key() {
        return key;
    }
}
