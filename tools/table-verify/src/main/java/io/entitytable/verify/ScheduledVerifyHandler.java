package io.entitytable.verify;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.metrics.MetricsRecorder;
import java.time.InstantSource;
import java.util.Map;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The scheduled verify's Lambda entry point (EventBridge, once an hour): a plain Java handler, no Quarkus, built once
 * per instance from its environment ({@code TABLE_NAME}, {@code VERIFY_SEGMENTS}, {@code VERIFY_MAX_ITEMS}); each invocation is one {@link
 * ScheduledVerify#run}, whose summary goes to the function's log as one JSON line.
 */
public final class ScheduledVerifyHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ScheduledVerify verify;

    public ScheduledVerifyHandler() {
        DynamoDbClient dynamo = DynamoDbClient.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        this.verify = new ScheduledVerify(
                new SampledVerify(
                        dynamo,
                        required(EnvironmentVariable.TABLE_NAME.variable()),
                        Integer.parseInt(required(EnvironmentVariable.VERIFY_SEGMENTS.variable())),
                        Integer.parseInt(required(EnvironmentVariable.VERIFY_MAX_ITEMS.variable()))),
                MetricsRecorder.ofThisProcess(),
                InstantSource.system());
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        Map<String, Object> summary = verify.run();
        try {
            System.out.println(JSON.writeValueAsString(summary));
        } catch (JsonProcessingException e) {
            System.out.println(summary);
        }
        return summary;
    }

    private static String required(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("environment variable " + name + " is not set");
        }
        return value;
    }
}
