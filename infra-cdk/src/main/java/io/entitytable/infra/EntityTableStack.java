package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.deployment.logs.RequestLines;
import io.entitytable.model.TableLayout;
import io.entitytable.model.WriteRates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awscdk.ArnComponents;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.services.lambda.RecursiveLoop;
import software.amazon.awscdk.services.logs.ILogGroup;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;
import software.constructs.Construct;

/**
 * Everything Entity Table runs on, in one stack {@code EntityTable-<stage>}: the table, the API and fan-out functions,
 * the HTTP API, the stream trigger with its dead-letter queue, the refresh-job queue with its worker, the scheduled
 * verify, backfill and archive, the order archive's bucket, unless context
 * {@code search=false} the search collection with its indexer, alarms and a dashboard.
 */
public final class EntityTableStack extends Stack {
    /** The one thing the API may do with the cursor secret: read a version of it. */
    public static final String READ_CURSOR_SECRET_ACTION = "secretsmanager:GetSecretValue";

    private final EntityDynamoTable table;
    private final QuarkusLambda api;
    private final QuarkusLambda fanout;
    private final RefreshJobQueue refreshQueue;
    private final QuarkusLambda refreshWorker;
    private final EntityHttpApi httpApi;
    private final ApiUserPool userPool;
    private final StreamFanoutTrigger trigger;
    private final SearchCollection searchCollection;
    private final SearchIndexing searchIndexing;
    private final ScheduledVerify scheduledVerify;
    private final ScheduledBackfill scheduledBackfill;
    private final ScheduledArchive scheduledArchive;
    private final OrderArchive orderArchive;

    public EntityTableStack(Construct scope, StackConfig config) {
        super(
                scope,
                config.stackName(),
                StackProps.builder()
                        .description("Entity Table (" + config.stage() + "): one DynamoDB table, an HTTP API and a"
                                + " stream fan-out")
                        .env(Environment.builder()
                                .region(config.region())
                                .account(config.account())
                                .build())
                        .build());

        this.table = new EntityDynamoTable(
                this,
                "Entity",
                new EntityDynamoTable.Props(
                        TableLayout.ENTITY,
                        config.tableName(),
                        config.removalPolicy(),
                        config.deletionProtection(),
                        config.existingTableStreamArn()));

        Secret cursorSecret = cursorSecret();
        Map<String, String> apiEnvironment = new HashMap<>();
        apiEnvironment.put(
                EnvironmentVariable.TABLE_NAME.variable(), table.table().getTableName());
        config.moveTargetTable()
                .ifPresent(target -> apiEnvironment.put(EnvironmentVariable.MOVE_TARGET_TABLE.variable(), target));
        // The function authorizes from the authorizer's claims: which claim names the groups, and whether there is
        // no authorizer at all (then every caller is an operator: only the loudly named open flag does that).
        apiEnvironment.put(EnvironmentVariable.AUTH_GROUPS_CLAIM.variable(), config.authGroupsClaim());
        if (config.allowUnauthenticatedApi()) {
            apiEnvironment.put(EnvironmentVariable.ALLOW_UNAUTHENTICATED.variable(), "true");
        }
        // The secret's name only: the function reads the value with its role, so the value is in neither the template
        // nor the function's configuration (which lambda:GetFunctionConfiguration shows).
        apiEnvironment.put(EnvironmentVariable.CURSOR_SECRET_ARN.variable(), cursorSecret.getSecretArn());
        // Each business's share of the stage's ceiling, charged by the function (docs/design.md §8, "Request limits").
        apiEnvironment.put(
                EnvironmentVariable.RATE_LIMIT_PER_BUSINESS.variable(),
                Integer.toString(config.rateLimitPerBusiness()));
        apiEnvironment.put(
                EnvironmentVariable.RATE_LIMIT_PER_CALLER.variable(), Integer.toString(config.rateLimitPerCaller()));
        // The API and the fan-out must trust a shard count for the same time: a growth reaches writers two of these
        // after it is stored, by when every instance of either has read it.
        apiEnvironment.put(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), config.shardCountCache());
        if (config.observability() == Observability.AT_SCALE) {
            // A line per request would cost more than every other log of the stage together at high traffic.
            apiEnvironment.put(RequestLines.levelVariable(), "WARN");
        }
        // Without search the API gets no endpoint and answers its search route with 404.
        this.searchCollection = config.search()
                ? new SearchCollection(
                        this,
                        "Search",
                        new SearchCollection.Props(
                                config.searchCollectionName(), config.searchStandbyReplicas(), config.removalPolicy()))
                : null;
        if (searchCollection != null) {
            apiEnvironment.put(EnvironmentVariable.SEARCH_ENDPOINT.variable(), searchCollection.endpoint());
            apiEnvironment.put(EnvironmentVariable.SEARCH_SIGNING.variable(), "true");
        }
        this.orderArchive = new OrderArchive(this, "OrderArchive", config);
        apiEnvironment.put(
                EnvironmentVariable.ARCHIVE_BUCKET.variable(),
                orderArchive.bucket().getBucketName());
        this.api = function(
                "Api",
                FunctionDefinition.API,
                config,
                config.api(),
                apiEnvironment,
                null,
                "Entity Table HTTP API: writes core items only");
        TableAccess.grantApi(api.role(), table);
        config.moveTargetTable()
                .ifPresent(target -> TableAccess.grantApiOnMoveTarget(
                        api.role(),
                        formatArn(ArnComponents.builder()
                                .service("dynamodb")
                                .resource("table")
                                .resourceName(target)
                                .build()),
                        TableLayout.ENTITY));
        grantReadCursorSecret(api, cursorSecret);
        orderArchive.grantReadOrders(api.role());

        this.refreshQueue = new RefreshJobQueue(this, "RefreshJobs", RefreshQueueTrigger.DEFAULT);
        Map<String, String> fanoutEnvironment = Map.of(
                EnvironmentVariable.TABLE_NAME.variable(),
                table.table().getTableName(),
                EnvironmentVariable.REFRESH_QUEUE_URL.variable(),
                refreshQueue.queue().getQueueUrl());

        // The fan-out measures each business's write rate and grows its shard count (docs/design.md, "Shards of a
        // business"); the refresh worker of the same zip does neither.
        Map<String, String> growingFanoutEnvironment = new HashMap<>(fanoutEnvironment);
        growingFanoutEnvironment.put(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), config.shardCountCache());
        growingFanoutEnvironment.put(
                EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(), Double.toString(config.shardGrowthThreshold()));
        growingFanoutEnvironment.put(
                EnvironmentVariable.SHARD_GROWTH_WINDOW.variable(), WriteRates.DEFAULT_WINDOW.toSeconds() + "s");
        growingFanoutEnvironment.put(
                EnvironmentVariable.SHARD_GROWTH_SAMPLE_ONE_IN.variable(),
                Integer.toString(WriteRates.DEFAULT_SAMPLE_ONE_IN));
        // The bucket tells the fan-out that the deployment archives: it then keeps each business's archive schedule as
        // orders finish and retentions change, which the scheduled archive works through. The fan-out itself never
        // reaches the bucket (its role has no right on it).
        growingFanoutEnvironment.put(
                EnvironmentVariable.ARCHIVE_BUCKET.variable(),
                orderArchive.bucket().getBucketName());
        this.fanout = function(
                "Fanout",
                FunctionDefinition.STREAM_FANOUT,
                config,
                config.fanout(),
                growingFanoutEnvironment,
                null,
                "Entity Table stream fan-out: keeps duplicate items in step with core items");
        TableAccess.grantFanout(fanout.role(), table);
        refreshQueue.grantSend(fanout.role());

        // The worker sends each unfinished segment back to the queue that triggers it, so Lambda's recursive-loop
        // detection would stop a long job after about 16 hops. Allowing the loop is safe because every job ends by
        // itself: each continuation carries a cursor that only moves forward, and a message of a superseded pass is
        // dropped.
        // A business's erase ends with its archived orders (its last phase), which the worker deletes from the bucket.
        Map<String, String> workerEnvironment = new HashMap<>(fanoutEnvironment);
        workerEnvironment.put(
                EnvironmentVariable.ARCHIVE_BUCKET.variable(),
                orderArchive.bucket().getBucketName());
        this.refreshWorker = function(
                "RefreshWorker",
                FunctionDefinition.REFRESH_WORKER,
                config,
                config.refreshWorker(),
                workerEnvironment,
                RecursiveLoop.ALLOW,
                "Entity Table refresh worker: refreshes a store's copies one segment at a time");
        TableAccess.grantRefreshWorker(refreshWorker.role(), table);
        orderArchive.grantEraseOrders(refreshWorker.role());
        refreshQueue.grantSend(refreshWorker.role());
        refreshQueue.drainInto(refreshWorker.alias());

        this.trigger = new StreamFanoutTrigger(
                this,
                "StreamTrigger",
                new StreamFanoutTrigger.Props(
                        table.table(), fanout.alias(), StreamTrigger.DEFAULT, config.parallelizationFactor()));

        // The table's second and last stream consumer: DynamoDB Streams serves two readers per shard.
        this.searchIndexing = searchCollection != null
                ? new SearchIndexing(this, "SearchIndexing", table, searchCollection, config)
                : null;
        if (searchCollection != null) {
            searchCollection.grantAccess(searchIndexing.indexer().role(), api.role());
        }

        this.scheduledVerify = new ScheduledVerify(this, "ScheduledVerify", table, config);
        this.scheduledBackfill = new ScheduledBackfill(this, "ScheduledBackfill", table, config);
        this.scheduledArchive = new ScheduledArchive(this, "ScheduledArchive", table, orderArchive, config);
        this.userPool = config.ownUserPool() ? new ApiUserPool(this, "Users", config.removalPolicy()) : null;
        Optional<String> issuer = userPool != null ? Optional.of(userPool.issuerUrl()) : config.jwtIssuer();
        List<String> audience = userPool != null ? List.of(userPool.clientId()) : config.jwtAudience();
        this.httpApi = new EntityHttpApi(this, "Http", api.alias(), issuer, audience, config);

        new EntityTableMonitoring(
                this,
                "Monitoring",
                new EntityTableMonitoring.Props(
                        api,
                        fanout,
                        trigger,
                        refreshWorker,
                        refreshQueue,
                        httpApi,
                        scheduledVerify,
                        scheduledBackfill,
                        scheduledArchive,
                        searchIndexing,
                        config.stackName()));

        List<ILogGroup> functionLogs =
                new ArrayList<>(List.of(api.logGroup(), fanout.logGroup(), refreshWorker.logGroup()));
        if (searchIndexing != null) {
            functionLogs.add(searchIndexing.indexer().logGroup());
        }
        EffectsQuery.define(this, config.stackName(), functionLogs);

        output(Output.API_URL, httpApi.url());
        output(Output.TABLE_NAME, table.table().getTableName());
        output(Output.API_FUNCTION_NAME, api.function().getFunctionName());
        output(Output.TABLE_STREAM_ARN, table.table().getTableStreamArn());
        output(Output.ORDER_ARCHIVE_BUCKET, orderArchive.bucket().getBucketName());
        output(Output.DEAD_LETTER_QUEUE_URL, trigger.deadLetterQueue().getQueueUrl());
        output(Output.REFRESH_QUEUE_URL, refreshQueue.queue().getQueueUrl());
        output(
                Output.REFRESH_DEAD_LETTER_QUEUE_URL,
                refreshQueue.deadLetterQueue().getQueueUrl());
        if (userPool != null) {
            output(Output.USER_POOL_ID, userPool.pool().getUserPoolId());
            output(Output.USER_POOL_CLIENT_ID, userPool.clientId());
        }
        issuer.ifPresent(url -> output(Output.ISSUER_URL, url));
        output(Output.CURSOR_SECRET_ARN, cursorSecret.getSecretArn());
        if (searchIndexing != null) {
            output(Output.SEARCH_ENDPOINT, searchCollection.endpoint());
            output(
                    Output.SEARCH_DEAD_LETTER_QUEUE_URL,
                    searchIndexing.deadLetterQueue().getQueueUrl());
            output(
                    Output.SEARCH_STREAM_DEAD_LETTER_QUEUE_URL,
                    searchIndexing.trigger().deadLetterQueue().getQueueUrl());
        }

        NagFindings.suppress(this, config);
    }

    /**
     * The key that signs pagination cursors. Generated by Secrets Manager, so no one chooses or sees it. The API reads
     * its versions staged {@code AWSCURRENT} (signs) and {@code AWSPREVIOUS} (still verifies) at first use and again
     * every few minutes, so a rotation ({@code put-secret-value}) needs no redeploy and leaves the cursors handed out
     * before valid until the next one.
     */
    private Secret cursorSecret() {
        return Secret.Builder.create(this, "CursorSecret")
                .description("Signs the Entity Table API's pagination cursors")
                .generateSecretString(SecretStringGenerator.builder()
                        .passwordLength(64)
                        .excludePunctuation(true)
                        .build())
                .build();
    }

    private static void grantReadCursorSecret(QuarkusLambda api, Secret cursorSecret) {
        // Not grantRead, which adds DescribeSecret: the function needs the value and nothing else, of this secret only.
        Permissions.allow(api.role(), "ReadCursorSecret", READ_CURSOR_SECRET_ACTION, cursorSecret.getSecretArn());
    }

    private QuarkusLambda function(
            String id,
            FunctionDefinition definition,
            StackConfig config,
            StackConfig.FunctionSize size,
            Map<String, String> environment,
            RecursiveLoop recursiveLoop,
            String description) {
        return new QuarkusLambda(
                this, id, config, new QuarkusLambda.Props(definition, size, environment, recursiveLoop, description));
    }

    private void output(Output output, String value) {
        CfnOutput.Builder.create(this, output.id)
                .value(value)
                .description(output.description)
                .build();
    }

    public EntityDynamoTable table() {
        return table;
    }

    public QuarkusLambda api() {
        return api;
    }

    public QuarkusLambda fanout() {
        return fanout;
    }

    /** The stack's own user pool, or empty when an external issuer is used or the API is open. */
    public Optional<ApiUserPool> userPool() {
        return Optional.ofNullable(userPool);
    }

    public EntityHttpApi httpApi() {
        return httpApi;
    }

    public RefreshJobQueue refreshQueue() {
        return refreshQueue;
    }

    public QuarkusLambda refreshWorker() {
        return refreshWorker;
    }

    public ScheduledVerify scheduledVerify() {
        return scheduledVerify;
    }

    public ScheduledBackfill scheduledBackfill() {
        return scheduledBackfill;
    }

    public ScheduledArchive scheduledArchive() {
        return scheduledArchive;
    }

    public OrderArchive orderArchive() {
        return orderArchive;
    }

    public StreamFanoutTrigger trigger() {
        return trigger;
    }

    /** The search collection, or empty with {@code search=false}. */
    public Optional<SearchCollection> searchCollection() {
        return Optional.ofNullable(searchCollection);
    }

    /** The search indexer with its mapping and queues, or empty with {@code search=false}. */
    public Optional<SearchIndexing> searchIndexing() {
        return Optional.ofNullable(searchIndexing);
    }

    /**
     * Every output the stack may define, with its id in the template and its description; those of the search
     * collection and the user pool only when the stack has them. Read by the stack and its tests only.
     */
    enum Output {
        API_URL("ApiUrl", "Base URL of the HTTP API"),
        TABLE_NAME("TableName", "The DynamoDB table"),
        TABLE_STREAM_ARN("TableStreamArn", "The table's stream (NEW_AND_OLD_IMAGES)"),
        ORDER_ARCHIVE_BUCKET("OrderArchiveBucket", "The bucket finished orders are archived in"),
        DEAD_LETTER_QUEUE_URL("DeadLetterQueueUrl", "Stream batches the fan-out gave up on"),
        REFRESH_QUEUE_URL("RefreshQueueUrl", "Refresh-job segments waiting for the worker"),
        REFRESH_DEAD_LETTER_QUEUE_URL(
                "RefreshDeadLetterQueueUrl", "Refresh-job segments the worker gave up on (their jobs show as stopped)"),
        USER_POOL_ID("UserPoolId", "Cognito user pool of the API's callers"),
        USER_POOL_CLIENT_ID("UserPoolClientId", "App client whose id is the tokens' audience"),
        ISSUER_URL("JwtIssuerUrl", "Issuer the API's JWT authorizer trusts"),
        SEARCH_ENDPOINT("SearchEndpoint", "The search collection's endpoint (SigV4, aoss)"),
        SEARCH_DEAD_LETTER_QUEUE_URL("SearchDeadLetterQueueUrl", "Stream records the search index refused"),
        SEARCH_STREAM_DEAD_LETTER_QUEUE_URL(
                "SearchStreamDeadLetterQueueUrl", "Stream batches the search indexer gave up on"),
        CURSOR_SECRET_ARN("CursorSecretArn", "The secret that signs the API's cursors (rotate with put-secret-value)"),
        API_FUNCTION_NAME(
                "ApiFunctionName", "The API's function (migrate --online --api-function reads its configuration)");

        final String id;
        final String description;

        Output(String id, String description) {
            this.id = id;
            this.description = description;
        }
    }
}
