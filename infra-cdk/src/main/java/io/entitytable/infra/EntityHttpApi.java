package io.entitytable.infra;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegrationProps;
import software.amazon.awscdk.services.apigateway.AccessLogFormat;
import software.amazon.awscdk.services.apigatewayv2.AddRoutesOptions;
import software.amazon.awscdk.services.apigatewayv2.CorsHttpMethod;
import software.amazon.awscdk.services.apigatewayv2.CorsPreflightOptions;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogDestination;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogSettings;
import software.amazon.awscdk.services.apigatewayv2.IHttpRouteAuthorizer;
import software.amazon.awscdk.services.apigatewayv2.LogGroupLogDestination;
import software.amazon.awscdk.services.apigatewayv2.PayloadFormatVersion;
import software.amazon.awscdk.services.apigatewayv2.ThrottleSettings;
import software.amazon.awscdk.services.lambda.IFunction;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.constructs.Construct;

/**
 * The HTTP API (API Gateway v2, payload format 2.0) in front of the API function: one route per operation of the API's
 * OpenAPI document, all to the function's alias; a {@code $default} stage with JSON access logs and throttling; CORS;
 * and, when an issuer is configured, a JWT authorizer on every route.
 *
 * <p>Routes are declared one by one (not a {@code $default} catch-all) so unknown paths are answered by API Gateway
 * without invoking, and paying for, the function.
 */
public final class EntityHttpApi extends Construct {
    /** The stage API Gateway serves at the root of the API's URL. */
    public static final String DEFAULT_STAGE = "$default";

    /**
     * Request headers browsers may send: JSON bodies, bearer tokens, the optimistic-locking precondition and the key
     * that makes a retried create safe.
     */
    static final List<String> CORS_ALLOW_HEADERS =
            List.of("content-type", "authorization", "if-match", "idempotency-key", "return-consumed-capacity");

    /**
     * Response headers scripts may read: the version for the next If-Match, where a created item lives, whether an
     * answer is a replay for its Idempotency-Key, and the function's own and DynamoDB time (functions/README.md
     * "Server-Timing").
     */
    static final List<String> CORS_EXPOSE_HEADERS = List.of("etag", "location", "idempotent-replayed", "server-timing");

    /** How long access logs are kept. */
    static final RetentionDays LOG_RETENTION = RetentionDays.ONE_MONTH;

    private final HttpApi api;
    private final HttpStage stage;
    private final LogGroup accessLogs;

    /**
     * @param handler the API function's alias
     * @param jwtIssuer issuer of the JWT authorizer; none when empty
     * @param jwtAudience accepted audiences ({@code aud} or {@code client_id})
     * @param config the stack's config: the API's name (the stack's), its OpenAPI document, CORS origins and the default
     *     stage's throttling (the whole system's ceiling, RequestLimits, not a tenant's budget: each business is held to
     *     its share by the function)
     */
    public EntityHttpApi(
            Construct scope,
            String id,
            IFunction handler,
            Optional<String> jwtIssuer,
            List<String> jwtAudience,
            StackConfig config) {
        super(scope, id);
        List<ApiRoutes.Route> routes = ApiRoutes.read(config.openApi());
        if (routes.isEmpty()) {
            throw new IllegalArgumentException("an API needs at least one route");
        }
        Optional<IHttpRouteAuthorizer> authorizer = jwtIssuer.map(issuer -> new HttpJwtAuthorizer(
                "JwtAuthorizer",
                issuer,
                HttpJwtAuthorizerProps.builder().jwtAudience(jwtAudience).build()));
        this.api = HttpApi.Builder.create(this, "Api")
                .apiName(config.stackName())
                .description("Entity Table API")
                .createDefaultStage(false)
                .corsPreflight(CorsPreflightOptions.builder()
                        .allowOrigins(config.corsAllowOrigins())
                        .allowMethods(routes.stream()
                                .map(route -> CorsHttpMethod.valueOf(route.method()))
                                .distinct()
                                .toList())
                        .allowHeaders(CORS_ALLOW_HEADERS)
                        .exposeHeaders(CORS_EXPOSE_HEADERS)
                        .maxAge(Duration.hours(1))
                        .build())
                .build();

        HttpLambdaIntegration integration = new HttpLambdaIntegration(
                "ApiFunction",
                handler,
                HttpLambdaIntegrationProps.builder()
                        .payloadFormatVersion(PayloadFormatVersion.VERSION_2_0)
                        // One invoke permission for the whole API instead of one per route (a function's resource
                        // policy is limited to 20 KB); routes that API Gateway does not know never reach it anyway.
                        .scopePermissionToRoute(false)
                        .build());
        for (ApiRoutes.Route route : routes) {
            AddRoutesOptions.Builder options = AddRoutesOptions.builder()
                    .path(route.path())
                    .methods(List.of(HttpMethod.valueOf(route.method())))
                    .integration(integration);
            authorizer.ifPresent(options::authorizer);
            api.addRoutes(options.build());
        }

        this.accessLogs = LogGroup.Builder.create(this, "AccessLogs")
                .retention(LOG_RETENTION)
                .build();
        LogGroupLogDestination destination = new LogGroupLogDestination(accessLogs);
        this.stage = HttpStage.Builder.create(this, "DefaultStage")
                .httpApi(api)
                .stageName(DEFAULT_STAGE)
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder()
                        .rateLimit(config.throttleRateLimit())
                        .burstLimit(config.throttleBurstLimit())
                        .build())
                .accessLogSettings(new IAccessLogSettings() {
                    @Override
                    public IAccessLogDestination getDestination() {
                        return destination;
                    }

                    @Override
                    public AccessLogFormat getFormat() {
                        return AccessLogFormat.custom(
                                config.observability() == Observability.AT_SCALE
                                        ? SLIM_ACCESS_LOG_JSON
                                        : ACCESS_LOG_JSON);
                    }
                })
                .build();
    }

    /**
     * One JSON object per request with the variables HTTP APIs support (the REST API's standard JSON fields include some
     * that HTTP APIs reject).
     *
     * @see <a href="https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging-variables.html">
     *     HTTP API logging variables</a>
     */
    static final String ACCESS_LOG_JSON = accessLogJson(field -> true);

    /**
     * The access log of a stage at scale: what finds a request again (its id, the route, the status), how long it took
     * and why an integration failed; the client's address and agent, the times and sizes are left out.
     */
    static final String SLIM_ACCESS_LOG_JSON =
            accessLogJson(Set.of("requestId", "routeKey", "status", "responseLatency", "integrationError")::contains);

    private static String accessLogJson(Predicate<String> kept) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("requestId", "$context.requestId");
        fields.put("requestTime", "$context.requestTime");
        fields.put("sourceIp", "$context.identity.sourceIp");
        fields.put("userAgent", "$context.identity.userAgent");
        fields.put("httpMethod", "$context.httpMethod");
        fields.put("routeKey", "$context.routeKey");
        fields.put("path", "$context.path");
        fields.put("protocol", "$context.protocol");
        fields.put("status", "$context.status");
        fields.put("responseLength", "$context.responseLength");
        fields.put("responseLatency", "$context.responseLatency");
        fields.put("integrationLatency", "$context.integrationLatency");
        fields.put("integrationStatus", "$context.integrationStatus");
        fields.put("integrationError", "$context.integrationErrorMessage");
        fields.put("authorizerError", "$context.authorizer.error");
        fields.keySet().removeIf(kept.negate());
        try {
            return new ObjectMapper().writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public HttpApi api() {
        return api;
    }

    public LogGroup accessLogs() {
        return accessLogs;
    }

    /** The URL clients call: the {@code $default} stage at the API's root. */
    public String url() {
        return stage.getUrl();
    }
}
