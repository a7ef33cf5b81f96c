package io.entitytable.local.engine.protocol;

/**
 * The {@code X-Amz-Target} header, {@code <service>.<operation>}: which API the JSON body calls.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.LowLevelAPI.html">
 *     DynamoDB low-level API</a>
 */
record AmzTarget(String service, String operation) {
    static final String DYNAMODB = "DynamoDB_20120810";
    static final String STREAMS = "DynamoDBStreams_20120810";

    /** The target, or null when the header is missing or names a service this engine does not serve. */
    static AmzTarget parse(String header) {
        if (header == null) {
            return null;
        }
        int dot = header.indexOf('.');
        if (dot < 0 || dot == header.length() - 1) {
            return null;
        }
        String service = header.substring(0, dot);
        if (!service.equals(DYNAMODB) && !service.equals(STREAMS)) {
            return null;
        }
        return new AmzTarget(service.equals(DYNAMODB) ? DYNAMODB : STREAMS, header.substring(dot + 1));
    }
}
