package io.entitytable.infra;

import io.entitytable.deployment.AuthGroups;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.TableLayout;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.lambda.Tracing;
import software.constructs.Node;

/**
 * Everything a deployment may change, read once from CDK context ({@code cdk synth -c key=value} or {@code cdk.json}).
 * The constructs take plain values from here and never read the context themselves.
 *
 * @param stage names the stack ({@code EntityTable-<stage>}) and, by default, the table
 * @param region the region to synthesize for; a value is needed to synth without credentials
 * @param account the account, or null for an account-agnostic stack
 * @param tableName the DynamoDB table name
 * @param removalPolicy what CloudFormation does with the table when it leaves the stack; deletion protection is on unless
 *     this is DESTROY
 * @param artifactRoot the folder the {@link FunctionDefinition#zipPath()}s are relative to (the repository root)
 * @param openApi the API's OpenAPI document, whose paths and methods become the HTTP API's routes
 * @param api memory and timeout of the API function
 * @param fanout memory and timeout of the stream fan-out function
 * @param refreshWorker memory and timeout of the refresh-job worker; the timeout may not exceed the refresh queue's
 *     visibility timeout
 * @param parallelizationFactor concurrent batches per stream shard
 * @param jwtIssuer an external OIDC issuer for the JWT authorizer; when empty the stack creates its own Cognito user pool
 * @param jwtAudience audiences the external issuer's tokens carry ({@code aud} or {@code client_id})
 * @param allowUnauthenticatedApi no authorizer at all (context {@code allowUnauthenticatedApi=true}): an open API, which
 *     cdk-nag reports (AwsSolutions-APIG4) and never suppresses
 * @param authGroupsClaim the claim that carries {@code operators} and {@code business-<id>} (default
 *     {@code cognito:groups})
 * @param corsAllowOrigins origins browsers may call the API from
 * @param throttleRateLimit steady-state requests per second of the default stage: the whole system's ceiling, a multiple
 *     of {@code rateLimitPerBusiness} (see RequestLimits)
 * @param throttleBurstLimit burst of the default stage
 * @param rateLimitPerBusiness requests per second of one business, charged by the API function (context {@code
 *     rateLimitPerBusiness}; 0 turns it off)
 * @param rateLimitPerCaller requests per second of one caller that no business is charged with (context {@code
 *     rateLimitPerCaller}; 0 turns it off)
 * @param search whether the stack deploys search (context {@code search}, default true): the OpenSearch Serverless
 *     collection, its policies, the search indexer with its stream mapping and dead-letter queues, and the API's
 *     {@code SEARCH_ENDPOINT}; false leaves all of it out
 * @param searchIndexer memory and timeout of the search indexer
 * @param searchStandbyReplicas whether the collection keeps standby replicas in a second Availability Zone (context
 *     {@code searchStandbyReplicas}, default true); false halves the collection's minimum capacity, for test stages
 * @param tracing whether every function has X-Ray active tracing (context {@code tracing}, default true unless
 *     {@code observability} is {@code scale}); Lambda's sampling rate cannot be changed, so a stage at high traffic may
 *     turn it off for its cost (docs/design.md §8, "Tracing")
 * @param observability what the stage records of each request (context {@code observability}: {@code full}, the
 *     default, or {@code scale}; see {@link Observability})
 * @param verifySegments the Scan segments the scheduled verify walks through, one an hour (context {@code
 *     verifySegments}, default {@value #DEFAULT_VERIFY_SEGMENTS}: the table once a week); a run reads 1/verifySegments
 *     of the table and must finish in Lambda's 15 minutes
 * @param shardCountCache how long the API and the fan-out trust a business's shard count they read, one value for
 *     both (context {@code shardCountCache}, a Quarkus duration; default {@link ShardCount#CACHE_DEFAULT})
 * @param shardGrowthThreshold the share of what a business's shards take above which the fan-out grows it (context
 *     {@code shardGrowthThreshold}, default {@link ShardGrowth#DEFAULT_THRESHOLD})
 * @param moveTargetTable the table an online move takes this stack's table to (context {@code moveTargetTable}, none by
 *     default): the API is given it as {@code MOVE_TARGET_TABLE}, with the same access to it as to its own table, so
 *     that it serves each business from the table its route names (docs/design.md §2, "Moving a table online")
 * @param existingTableStreamArn the stream of {@code tableName} when that table exists already and the stack is to use it
 *     rather than create it (context {@code existingTableStreamArn}, none by default): an online move's target, once
 *     the home table is retired (docs/design.md §2, "Retiring the home table")
 */
public record StackConfig(
        String stage,
        String region,
        String account,
        String tableName,
        RemovalPolicy removalPolicy,
        Path artifactRoot,
        Path openApi,
        FunctionSize api,
        FunctionSize fanout,
        FunctionSize refreshWorker,
        int parallelizationFactor,
        Optional<String> jwtIssuer,
        List<String> jwtAudience,
        boolean allowUnauthenticatedApi,
        String authGroupsClaim,
        List<String> corsAllowOrigins,
        int throttleRateLimit,
        int throttleBurstLimit,
        int rateLimitPerBusiness,
        int rateLimitPerCaller,
        boolean search,
        FunctionSize searchIndexer,
        boolean searchStandbyReplicas,
        boolean tracing,
        Observability observability,
        int verifySegments,
        String shardCountCache,
        double shardGrowthThreshold,
        Optional<String> moveTargetTable,
        Optional<String> existingTableStreamArn) {

    public static final String DEFAULT_STAGE = "dev";
    public static final String DEFAULT_REGION = "us-east-1";
    public static final String STACK_NAME_PREFIX = "EntityTable-";

    /** One segment an hour, 168 hours: the scheduled verify covers the table once a week. */
    public static final int DEFAULT_VERIFY_SEGMENTS = 168;

    /** Prefix of the search collection's name; the stage follows. */
    public static final String SEARCH_COLLECTION_PREFIX = "entitytable-";

    /**
     * Collection and security-policy names are at most 32 characters of {@code [a-z0-9-]}; the collection's name
     * leaves room for the longest policy suffix ({@code -data}).
     */
    static final int SEARCH_COLLECTION_NAME_MAX = 27;

    public StackConfig {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(removalPolicy, "removalPolicy");
        if (jwtIssuer.isPresent() && jwtAudience.isEmpty()) {
            throw new IllegalArgumentException("a JWT authorizer needs jwtAudience as well as jwtIssuer");
        }
        if (jwtIssuer.isPresent() && allowUnauthenticatedApi) {
            throw new IllegalArgumentException("jwtIssuer and allowUnauthenticatedApi contradict each other");
        }
        Objects.requireNonNull(authGroupsClaim, "authGroupsClaim");
        Objects.requireNonNull(searchIndexer, "searchIndexer");
        Objects.requireNonNull(moveTargetTable, "moveTargetTable");
        if (moveTargetTable.filter(tableName::equals).isPresent()) {
            throw new IllegalArgumentException("moveTargetTable names the stack's own table (" + tableName + ")");
        }
        Objects.requireNonNull(existingTableStreamArn, "existingTableStreamArn");
        if (existingTableStreamArn
                .filter(arn -> !arn.contains(":table/" + tableName + "/stream/"))
                .isPresent()) {
            throw new IllegalArgumentException("existingTableStreamArn must be the stream of the table " + tableName
                    + " (arn:aws:dynamodb:<region>:<account>:table/" + tableName + "/stream/<label>), not "
                    + existingTableStreamArn.get());
        }
        if (verifySegments < 1) {
            throw new IllegalArgumentException("verifySegments must be at least 1, was " + verifySegments);
        }
        // Lambda refuses an SQS mapping whose queue hides a message for less time than the function may run.
        if (refreshWorker.timeoutSeconds() > RefreshQueueTrigger.DEFAULT.visibilityTimeoutSeconds()) {
            throw new IllegalArgumentException("the refresh worker's timeout (" + refreshWorker.timeoutSeconds()
                    + " s) exceeds the refresh queue's visibility timeout ("
                    + RefreshQueueTrigger.DEFAULT.visibilityTimeoutSeconds() + " s)");
        }
    }

    /** Memory and timeout of one function. */
    public record FunctionSize(int memoryMb, int timeoutSeconds) {
        static FunctionSize defaultsOf(FunctionDefinition definition) {
            return new FunctionSize(definition.memoryMb(), definition.timeoutSeconds());
        }
    }

    public String stackName() {
        return STACK_NAME_PREFIX + stage;
    }

    /** The X-Ray tracing mode of every function. */
    public Tracing functionTracing() {
        return tracing ? Tracing.ACTIVE : Tracing.DISABLED;
    }

    public Path zipOf(FunctionDefinition definition) {
        return artifactRoot.resolve(definition.zipPath()).normalize();
    }

    /** The stack creates its own Cognito user pool unless an external issuer is given or the API is left open. */
    public boolean ownUserPool() {
        return jwtIssuer.isEmpty() && !allowUnauthenticatedApi;
    }

    public boolean deletionProtection() {
        return removalPolicy != RemovalPolicy.DESTROY;
    }

    /**
     * The search collection's name, one per stage (names are unique per account and region): {@code entitytable-<stage>}
     * lower-cased, anything outside {@code [a-z0-9-]} replaced by {@code -}, cut to {@value #SEARCH_COLLECTION_NAME_MAX}
     * characters.
     */
    public String searchCollectionName() {
        String name = SEARCH_COLLECTION_PREFIX + stage.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        return name.length() <= SEARCH_COLLECTION_NAME_MAX ? name : name.substring(0, SEARCH_COLLECTION_NAME_MAX);
    }

    /** The defaults: a {@code dev} stage whose function zips and OpenAPI document are under {@code root}. */
    public static StackConfig defaults(Path root) {
        return new StackConfig(
                DEFAULT_STAGE,
                DEFAULT_REGION,
                null,
                defaultTableName(DEFAULT_STAGE),
                RemovalPolicy.RETAIN,
                root,
                root.resolve(FunctionDefinition.API.module()).resolve("openapi.json"),
                FunctionSize.defaultsOf(FunctionDefinition.API),
                FunctionSize.defaultsOf(FunctionDefinition.STREAM_FANOUT),
                FunctionSize.defaultsOf(FunctionDefinition.REFRESH_WORKER),
                StreamTrigger.DEFAULT.parallelizationFactor(),
                Optional.empty(),
                List.of(),
                false,
                AuthGroups.DEFAULT_CLAIM,
                List.of("*"),
                RequestLimits.STAGE_RATE_PER_SECOND,
                RequestLimits.STAGE_BURST,
                RequestLimits.PER_BUSINESS_PER_SECOND,
                RequestLimits.PER_CALLER_PER_SECOND,
                true,
                FunctionSize.defaultsOf(FunctionDefinition.SEARCH_INDEXER),
                true,
                true,
                Observability.FULL,
                DEFAULT_VERIFY_SEGMENTS,
                ShardCount.CACHE_DEFAULT,
                ShardGrowth.DEFAULT_THRESHOLD,
                Optional.empty(),
                Optional.empty());
    }

    /**
     * One table per stage and layout: two stages can share an account and region, and a new layout is a new table.
     * CloudFormation cannot move a table to another layout (it creates or deletes one index per update, and the items
     * would still be the old layout's), so a stack of a new layout creates {@code Entity-<stage>-layout<N>} next to the
     * old table, which it retains (removal policy RETAIN), and {@code migrate} copies the data across (docs/design.md
     * §2, "Moving a table to a new layout"). Layout 1's stacks named their table {@code Entity-<stage>}.
     */
    static String defaultTableName(String stage) {
        return TableLayout.ENTITY.defaultTableName() + "-" + stage + "-layout" + TableLayout.ENTITY_VERSION;
    }

    /**
     * Reads the config from CDK context. Keys: {@code stage, region, account, tableName, removalPolicy, artifactRoot,
     * openApi, memoryMb.<function>, timeoutSeconds.<function>, parallelizationFactor, jwtIssuer,
     * jwtAudience, allowUnauthenticatedApi, authGroupsClaim, corsAllowOrigins, throttleRateLimit, throttleBurstLimit,
     * rateLimitPerBusiness, rateLimitPerCaller, search, searchStandbyReplicas, tracing, observability,
     * verifySegments, shardCountCache, shardGrowthThreshold} (lists are comma-separated).
     */
    public static StackConfig fromContext(Node node) {
        Context context = new Context(node);
        Path root = Path.of(context.string("artifactRoot").orElse(".."));
        StackConfig defaults = defaults(root);
        String stage = context.string("stage").orElse(defaults.stage());
        Observability observability =
                context.string("observability").map(Observability::of).orElse(defaults.observability());
        return new StackConfig(
                stage,
                context.string("region")
                        .or(() -> Optional.ofNullable(System.getenv("CDK_DEFAULT_REGION")))
                        .orElse(DEFAULT_REGION),
                context.string("account")
                        .or(() -> Optional.ofNullable(System.getenv("CDK_DEFAULT_ACCOUNT")))
                        .orElse(null),
                context.string("tableName").orElse(defaultTableName(stage)),
                context.string("removalPolicy")
                        .map(value -> RemovalPolicy.valueOf(value.toUpperCase(Locale.ROOT)))
                        .orElse(defaults.removalPolicy()),
                root,
                context.string("openApi").map(Path::of).orElse(defaults.openApi()),
                context.size(FunctionDefinition.API),
                context.size(FunctionDefinition.STREAM_FANOUT),
                context.size(FunctionDefinition.REFRESH_WORKER),
                context.integer("parallelizationFactor").orElse(defaults.parallelizationFactor()),
                context.string("jwtIssuer"),
                context.list("jwtAudience").orElse(List.of()),
                context.string("allowUnauthenticatedApi")
                        .map(Boolean::parseBoolean)
                        .orElse(false),
                context.string("authGroupsClaim").orElse(AuthGroups.DEFAULT_CLAIM),
                context.list("corsAllowOrigins").orElse(defaults.corsAllowOrigins()),
                context.integer("throttleRateLimit").orElse(defaults.throttleRateLimit()),
                context.integer("throttleBurstLimit").orElse(defaults.throttleBurstLimit()),
                context.integer("rateLimitPerBusiness").orElse(defaults.rateLimitPerBusiness()),
                context.integer("rateLimitPerCaller").orElse(defaults.rateLimitPerCaller()),
                context.bool("search").orElse(defaults.search()),
                context.size(FunctionDefinition.SEARCH_INDEXER),
                context.bool("searchStandbyReplicas").orElse(defaults.searchStandbyReplicas()),
                context.bool("tracing").orElse(observability == Observability.FULL),
                observability,
                context.integer("verifySegments").orElse(defaults.verifySegments()),
                context.string("shardCountCache").orElse(defaults.shardCountCache()),
                context.string("shardGrowthThreshold").map(Double::parseDouble).orElse(defaults.shardGrowthThreshold()),
                context.string("moveTargetTable"),
                context.string("existingTableStreamArn"));
    }

    /** Context values arrive as strings from {@code -c} and as JSON values from {@code cdk.json}. */
    private record Context(Node node) {
        Optional<String> string(String key) {
            return Optional.ofNullable(node.tryGetContext(key))
                    .map(Object::toString)
                    .map(String::strip)
                    .filter(value -> !value.isEmpty());
        }

        Optional<Integer> integer(String key) {
            return string(key).map(value -> (int) Double.parseDouble(value));
        }

        Optional<Boolean> bool(String key) {
            return string(key).map(Boolean::parseBoolean);
        }

        Optional<List<String>> list(String key) {
            return string(key).map(value -> Arrays.stream(
                            value.replaceAll("[\\[\\]\"]", "").split(","))
                    .map(String::strip)
                    .filter(item -> !item.isEmpty())
                    .toList());
        }

        FunctionSize size(FunctionDefinition definition) {
            return new FunctionSize(
                    integer("memoryMb." + definition.name()).orElse(definition.memoryMb()),
                    integer("timeoutSeconds." + definition.name()).orElse(definition.timeoutSeconds()));
        }
    }
}
