package io.entitytable.infra;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.RequestLimits;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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

    private final HttpApi api;
    private final HttpStage stage;
    private final LogGroup accessLogs;

    public EntityHttpApi(Construct scope, String id, Props props) {
        super(scope, id);
        Optional<IHttpRouteAuthorizer> authorizer = props.jwtIssuer()
                .map(issuer -> new HttpJwtAuthorizer(
                        "JwtAuthorizer",
                        issuer,
                        HttpJwtAuthorizerProps.builder()
                                .jwtAudience(props.jwtAudience())
                                .build()));
        this.api = HttpApi.Builder.create(this, "Api")
                .apiName(props.apiName())
                .description("Entity Table API")
                .createDefaultStage(false)
                .corsPreflight(CorsPreflightOptions.builder()
                        .allowOrigins(props.corsAllowOrigins())
                        .allowMethods(props.routes().stream()
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
                props.handler(),
                HttpLambdaIntegrationProps.builder()
                        .payloadFormatVersion(PayloadFormatVersion.VERSION_2_0)
                        // One invoke permission for the whole API instead of one per route (a function's resource
                        // policy is limited to 20 KB); routes that API Gateway does not know never reach it anyway.
                        .scopePermissionToRoute(false)
                        .build());
        for (ApiRoutes.Route route : props.routes()) {
            AddRoutesOptions.Builder options = AddRoutesOptions.builder()
                    .path(route.path())
                    .methods(List.of(HttpMethod.valueOf(route.method())))
                    .integration(integration);
            authorizer.ifPresent(options::authorizer);
            api.addRoutes(options.build());
        }

        this.accessLogs = LogGroup.Builder.create(this, "AccessLogs")
                .retention(props.logRetention())
                .build();
        LogGroupLogDestination destination = new LogGroupLogDestination(accessLogs);
        this.stage = HttpStage.Builder.create(this, "DefaultStage")
                .httpApi(api)
                .stageName(DEFAULT_STAGE)
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder()
                        .rateLimit(props.throttleRateLimit())
                        .burstLimit(props.throttleBurstLimit())
                        .build())
                .accessLogSettings(new IAccessLogSettings() {
                    @Override
                    public IAccessLogDestination getDestination() {
                        return destination;
                    }

                    @Override
                    public AccessLogFormat getFormat() {
                        return AccessLogFormat.custom(ACCESS_LOG_JSON);
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
    static final String ACCESS_LOG_JSON = accessLogJson();

    private static String accessLogJson() {
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
        try {
            return new ObjectMapper().writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public HttpApi api() {
        return api;
    }

    public HttpStage stage() {
        return stage;
    }

    public LogGroup accessLogs() {
        return accessLogs;
    }

    /** The URL clients call: the {@code $default} stage at the API's root. */
    public String url() {
        return stage.getUrl();
    }

    /**
     * @param apiName the API's name in the console
     * @param handler the API function's alias
     * @param routes every route of the API
     * @param jwtIssuer issuer of the JWT authorizer; none when empty
     * @param jwtAudience accepted audiences ({@code aud} or {@code client_id})
     * @param corsAllowOrigins origins allowed by CORS
     * @param throttleRateLimit default stage requests per second: the whole system's ceiling (RequestLimits), not a
     *     tenant's budget; each business is held to its share by the function
     * @param throttleBurstLimit default stage burst
     * @param logRetention how long access logs are kept
     */
    public record Props(
            String apiName,
            IFunction handler,
            List<ApiRoutes.Route> routes,
            Optional<String> jwtIssuer,
            List<String> jwtAudience,
            List<String> corsAllowOrigins,
            int throttleRateLimit,
            int throttleBurstLimit,
            RetentionDays logRetention) {
        public Props {
            Objects.requireNonNull(apiName, "apiName");
            Objects.requireNonNull(handler, "handler");
            routes = List.copyOf(routes);
            if (routes.isEmpty()) {
                throw new IllegalArgumentException("an API needs at least one route");
            }
            jwtAudience = List.copyOf(jwtAudience);
            corsAllowOrigins = List.copyOf(corsAllowOrigins);
        }

        public static Builder builder() {
            return new Builder();
        }

        public static final class Builder {
            private String apiName;
            private IFunction handler;
            private List<ApiRoutes.Route> routes = List.of();
            private Optional<String> jwtIssuer = Optional.empty();
            private List<String> jwtAudience = List.of();
            private List<String> corsAllowOrigins = List.of("*");
            private int throttleRateLimit = RequestLimits.STAGE_RATE_PER_SECOND;
            private int throttleBurstLimit = RequestLimits.STAGE_BURST;
            private RetentionDays logRetention = RetentionDays.ONE_MONTH;

            public Builder apiName(String apiName) {
                this.apiName = apiName;
                return this;
            }

            public Builder handler(IFunction handler) {
                this.handler = handler;
                return this;
            }

            public Builder routes(List<ApiRoutes.Route> routes) {
                this.routes = routes;
                return this;
            }

            public Builder jwt(Optional<String> issuer, List<String> audience) {
                this.jwtIssuer = issuer;
                this.jwtAudience = audience;
                return this;
            }

            public Builder corsAllowOrigins(List<String> corsAllowOrigins) {
                this.corsAllowOrigins = corsAllowOrigins;
                return this;
            }

            public Builder throttle(int rateLimit, int burstLimit) {
                this.throttleRateLimit = rateLimit;
                this.throttleBurstLimit = burstLimit;
                return this;
            }

            public Builder logRetention(RetentionDays logRetention) {
                this.logRetention = logRetention;
                return this;
            }

            public Props build() {
                return new Props(
                        apiName,
                        handler,
                        routes,
                        jwtIssuer,
                        jwtAudience,
                        corsAllowOrigins,
                        throttleRateLimit,
                        throttleBurstLimit,
                        logRetention);
            }
        }
    }
}
