package io.entitytable.local.function;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.model.Lifecycle;
import io.entitytable.model.ShardCount;
import io.entitytable.s3.local.LocalS3;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The environment a packaged function sees locally: the variables Lambda itself sets (runtime API, function name,
 * memory, credentials, region, task root), the ones the CDK stack sets (named in {@link EnvironmentVariable}), and the
 * endpoint override that points the function's DynamoDB client at the local DynamoDB engine.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime">Defined
 *     runtime environment variables</a>
 */
public final class FunctionEnvironment {
    /** Where the runtime client polls for events: the Runtime API's address, which Lambda sets. */
    public static final String RUNTIME_API = "AWS_LAMBDA_RUNTIME_API";

    /** The AWS SDK's own variables of a function's credentials, which Lambda sets from its execution role. */
    private static final String ACCESS_KEY_ID = "AWS_ACCESS_KEY_ID";

    private static final String SECRET_ACCESS_KEY = "AWS_SECRET_ACCESS_KEY";

    private FunctionEnvironment() {}

    public static Map<String, String> of(
            FunctionDefinition function,
            String runtimeApiAddress,
            Path taskRoot,
            String tableName,
            URI dynamoDbEndpoint) {
        return of(function, runtimeApiAddress, taskRoot, tableName, dynamoDbEndpoint, null, null);
    }

    /**
     * @param sqsEndpoint the local SQS the function's SqsClient uses (the SDK's own {@code AWS_ENDPOINT_URL_SQS}), or
     *     null when the function has no queue
     * @param refreshQueueUrl the refresh-job queue, or null
     */
    public static Map<String, String> of(
            FunctionDefinition function,
            String runtimeApiAddress,
            Path taskRoot,
            String tableName,
            URI dynamoDbEndpoint,
            URI sqsEndpoint,
            String refreshQueueUrl) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(RUNTIME_API, runtimeApiAddress);
        env.put("AWS_LAMBDA_FUNCTION_NAME", function.name());
        env.put("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST");
        env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(function.memoryMb()));
        env.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/" + function.name());
        env.put("AWS_LAMBDA_LOG_STREAM_NAME", "local");
        env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        env.put("_HANDLER", function.handler());
        env.put("TZ", ":UTC");
        env.put("AWS_REGION", LocalDynamoDb.REGION.id());
        env.put("AWS_DEFAULT_REGION", LocalDynamoDb.REGION.id());
        // The function's default credential chain reads these. The local DynamoDB engine and SQS accept any; the local
        // S3 server accepts only its key, which archive() puts in their place.
        env.put(ACCESS_KEY_ID, "local");
        env.put(SECRET_ACCESS_KEY, "local");
        env.put("AWS_SESSION_TOKEN", "local");
        env.put("QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE", dynamoDbEndpoint.toString());
        env.put(EnvironmentVariable.TABLE_NAME.variable(), tableName);
        if (sqsEndpoint != null) {
            env.put("AWS_ENDPOINT_URL_SQS", sqsEndpoint.toString());
        }
        if (refreshQueueUrl != null) {
            env.put(EnvironmentVariable.REFRESH_QUEUE_URL.variable(), refreshQueueUrl);
        }
        if (function.namedHandler() != null) {
            env.put(EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable(), function.namedHandler());
        }
        if (function.equals(FunctionDefinition.API)) {
            env.putAll(requestLimits());
            // So that a user can set a retention of seconds and watch finished orders move.
            env.put(EnvironmentVariable.MINIMUM_RETENTION.variable(), Lifecycle.LOCAL_MINIMUM_RETENTION.toString());
        }
        if (function.equals(FunctionDefinition.API) || function.equals(FunctionDefinition.STREAM_FANOUT)) {
            env.put(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), shardCountCache());
        }
        if (function.equals(FunctionDefinition.STREAM_FANOUT)) {
            env.putAll(shardGrowth());
        }
        return env;
    }

    /** The system property that sets how long the API and the fan-out trust a shard count (a duration, e.g. 1s). */
    public static final String SHARD_COUNT_CACHE_PROPERTY = "entity-table.shard-count-cache";
    /** The system property that sets the fan-out's growth threshold (e.g. 0.001 to grow at a few writes a second). */
    public static final String SHARD_GROWTH_THRESHOLD_PROPERTY = "entity-table.shard-growth.threshold";
    /** The system property that sets the fan-out's measured window (a duration of whole seconds, e.g. 5s). */
    public static final String SHARD_GROWTH_WINDOW_PROPERTY = "entity-table.shard-growth.window";
    /** The system property that sets which share of subjects the fan-out counts (1: every change). */
    public static final String SHARD_GROWTH_SAMPLE_ONE_IN_PROPERTY = "entity-table.shard-growth.sample-one-in";

    /**
     * One value for the API and the fan-out, as the CDK stack gives them: the local runtime JVM's {@link
     * #SHARD_COUNT_CACHE_PROPERTY}, else the default both would take.
     */
    static String shardCountCache() {
        String value = System.getProperty(SHARD_COUNT_CACHE_PROPERTY);
        return value == null || value.isBlank() ? ShardCount.CACHE_DEFAULT : value.strip();
    }

    /**
     * The fan-out's growth settings: none of its own, so the function keeps a default stack's, unless the local runtime
     * JVM is given them as system properties (a test or demonstration that grows a business at a few writes a second).
     */
    static Map<String, String> shardGrowth() {
        Map<String, String> env = new LinkedHashMap<>();
        putTextIfSet(env, EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(), SHARD_GROWTH_THRESHOLD_PROPERTY);
        putTextIfSet(env, EnvironmentVariable.SHARD_GROWTH_WINDOW.variable(), SHARD_GROWTH_WINDOW_PROPERTY);
        putIfSet(env, EnvironmentVariable.SHARD_GROWTH_SAMPLE_ONE_IN.variable(), SHARD_GROWTH_SAMPLE_ONE_IN_PROPERTY);
        return env;
    }

    private static void putTextIfSet(Map<String, String> env, String variable, String property) {
        String value = System.getProperty(property);
        if (value != null && !value.isBlank()) {
            env.put(variable, value.strip());
        }
    }

    /** The system property of the local runtime's JVM that sets the API's limit per business (0 turns it off). */
    public static final String RATE_LIMIT_PER_BUSINESS_PROPERTY = "entity-table.rate-limit.per-business";
    /** The system property that sets the API's limit per caller (0 turns it off). */
    public static final String RATE_LIMIT_PER_CALLER_PROPERTY = "entity-table.rate-limit.per-caller";

    /**
     * The API's request limits: none of its own, so the function keeps a default stack's ({@code RequestLimits}), unless
     * the local runtime's JVM is given the function's own property names as system properties (for a benchmark that
     * must not be held to a business's share, or a test that shows it with a small one).
     */
    static Map<String, String> requestLimits() {
        Map<String, String> env = new LinkedHashMap<>();
        putIfSet(env, EnvironmentVariable.RATE_LIMIT_PER_BUSINESS.variable(), RATE_LIMIT_PER_BUSINESS_PROPERTY);
        putIfSet(env, EnvironmentVariable.RATE_LIMIT_PER_CALLER.variable(), RATE_LIMIT_PER_CALLER_PROPERTY);
        return env;
    }

    private static void putIfSet(Map<String, String> env, String variable, String property) {
        String value = System.getProperty(property);
        if (value != null) {
            env.put(variable, Integer.toString(Integer.parseInt(value.strip())));
        }
    }

    /**
     * What the API needs besides {@link #of}: the data folder's cursor key as {@code CURSOR_SECRET}. On AWS the function
     * is given only the secret's ARN, since its configuration is shown to anyone allowed to read it; here the value may
     * travel in the environment, because a child process's environment on this machine is readable only by the user who
     * started it (and root: Linux's {@code /proc/<pid>/environ} is owner-only), who can read the key file anyway.
     */
    public static Map<String, String> api(LocalCursorKey cursorKey) {
        return Map.of(EnvironmentVariable.CURSOR_SECRET.variable(), cursorKey.secret());
    }

    /**
     * What the search indexer needs besides {@link #of}: the local engine (plain HTTP, unsigned) and the local SQS
     * queue of the records it refuses.
     */
    public static Map<String, String> indexer(URI searchEndpoint, URI sqsEndpoint) {
        return Map.of(
                EnvironmentVariable.SEARCH_ENDPOINT.variable(),
                searchEndpoint.toString(),
                EnvironmentVariable.SEARCH_SIGNING.variable(),
                "false",
                EnvironmentVariable.SEARCH_DEAD_LETTER_QUEUE_URL.variable(),
                LocalSqs.queueUrl(sqsEndpoint, SearchIndex.DEAD_LETTER_QUEUE));
    }

    /**
     * What every function gets besides {@link #of} while the local S3 server holds the order archive: the bucket and the
     * server (path-style, as {@link EnvironmentVariable#ARCHIVE_ENDPOINT} says), and the server's key as the function's
     * credentials, where Lambda puts those of the execution role. One key for every service, as a role's are: the local
     * DynamoDB engine and SQS accept it as they accept any, and the S3 server accepts no other.
     */
    public static Map<String, String> archive(URI s3Endpoint, LocalS3.Credentials credentials) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(EnvironmentVariable.ARCHIVE_BUCKET.variable(), OrderArchiveBucket.LOCAL_NAME);
        env.put(EnvironmentVariable.ARCHIVE_ENDPOINT.variable(), s3Endpoint.toString());
        env.put(ACCESS_KEY_ID, credentials.accessKeyId());
        env.put(SECRET_ACCESS_KEY, credentials.secretAccessKey());
        return env;
    }
}
