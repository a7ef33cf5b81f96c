package io.entitytable.api.startup;

/** An API Gateway HTTP API (payload 2.0) event of the shape the deployed API receives, for priming requests. */
final class PrimingEvent {
    private PrimingEvent() {}

    /** A GET of {@code path} (no query string, no body); {@code path} must need no JSON escaping. */
    static String get(String path) {
        return """
                {"version":"2.0","routeKey":"$default","rawPath":"%1$s","rawQueryString":"",\
                "headers":{"accept":"application/json","host":"priming.local"},\
                "requestContext":{"http":{"method":"GET","path":"%1$s","protocol":"HTTP/1.1",\
                "sourceIp":"127.0.0.1","userAgent":"snapstart-priming"},\
                "requestId":"snapstart-priming","routeKey":"$default","stage":"$default",\
                "timeEpoch":0},\
                "isBase64Encoded":false}"""
                .formatted(path);
    }
}
