package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.iam.Role;
import software.amazon.awscdk.services.iam.ServicePrincipal;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.ApplicationLogLevel;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.LoggingFormat;
import software.amazon.awscdk.services.lambda.RecursiveLoop;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.SnapStartConf;
import software.amazon.awscdk.services.lambda.SystemLogLevel;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.constructs.Construct;

/**
 * One packaged Quarkus function ({@code function.zip} of a {@link FunctionDefinition}) on Java 21 / arm64 with SnapStart,
 * invoked through the alias {@value #ALIAS}.
 *
 * <p>SnapStart only applies to published versions, so every caller (HTTP API, event source mapping) targets the alias,
 * never {@code $LATEST}. The function gets its own role with no managed policy: it may write its own log group, and the
 * stack adds exactly the table permissions it needs. With active tracing Lambda records a segment for each sampled
 * invocation (its init, restore and handler time) and CDK grants the role {@code xray:PutTraceSegments} and
 * {@code xray:PutTelemetryRecords}; calls the function makes are not traced, as no X-Ray SDK is in the zip
 * (docs/design.md §8, "Tracing").
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/snapstart.html">Lambda SnapStart</a>
 */
public final class QuarkusLambda extends Construct {
    public static final String ALIAS = FunctionDefinition.ALIAS;

    /** {@link FunctionDefinition#JAVA_OPTIONS}, as {@code JAVA_TOOL_OPTIONS} holds them. */
    public static final String JAVA_OPTIONS = String.join(" ", FunctionDefinition.JAVA_OPTIONS);

    static final String JAVA_TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";

    /** How long a function's logs are kept. */
    static final RetentionDays LOG_RETENTION = RetentionDays.ONE_MONTH;

    private final Role role;
    private final LogGroup logGroup;
    private final Function function;
    private final Alias alias;

    /** A function of the stack: its zip under the config's artifact root, traced as the config says. */
    public QuarkusLambda(Construct scope, String id, StackConfig config, Props props) {
        super(scope, id);
        FunctionDefinition definition = props.definition();
        Path zip = config.zipOf(definition);
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("missing " + zip + ": build it first (mvn -B package -DskipTests in "
                    + definition.module() + "), or point the artifactRoot context at the folder that holds it");
        }
        this.logGroup =
                LogGroup.Builder.create(this, "Logs").retention(LOG_RETENTION).build();
        this.role = Role.Builder.create(this, "Role")
                .assumedBy(new ServicePrincipal("lambda.amazonaws.com"))
                .description("Runs the " + definition.name() + " function")
                .build();
        role.addToPolicy(PolicyStatement.Builder.create()
                .actions(List.of("logs:CreateLogStream", "logs:PutLogEvents"))
                .resources(List.of(logGroup.getLogGroupArn()))
                .build());

        Function.Builder builder = Function.Builder.create(this, "Function")
                .description(props.description())
                .runtime(Runtime.JAVA_21)
                .architecture(Architecture.ARM_64)
                .handler(definition.handler())
                .code(Code.fromAsset(zip.toString()))
                .memorySize(props.size().memoryMb())
                .timeout(Duration.seconds(props.size().timeoutSeconds()))
                .environment(environment(definition, props.environment()))
                .role(role)
                .logGroup(logGroup)
                .snapStart(SnapStartConf.ON_PUBLISHED_VERSIONS)
                // Left unset (Lambda's default, Terminate) unless a function loops through its own trigger on purpose.
                .recursiveLoop(props.recursiveLoop())
                .tracing(config.functionTracing());
        if (config.observability() == Observability.AT_SCALE) {
            // Lambda's JSON log format lets its own START, END and REPORT lines be filtered out (system level WARN).
            // The application level stays INFO: the metrics' EMF lines carry no level, Lambda takes them as INFO, and
            // CloudWatch extracts the metrics from them only if they are sent.
            builder.loggingFormat(LoggingFormat.JSON)
                    .systemLogLevelV2(SystemLogLevel.WARN)
                    .applicationLogLevelV2(ApplicationLogLevel.INFO);
        }
        this.function = builder.build();
        this.alias = Alias.Builder.create(this, "Alias")
                .aliasName(ALIAS)
                .version(function.getCurrentVersion())
                .build();
    }

    private static Map<String, String> environment(FunctionDefinition definition, Map<String, String> given) {
        Map<String, String> environment = new LinkedHashMap<>(given);
        environment.put(JAVA_TOOL_OPTIONS, JAVA_OPTIONS);
        if (definition.namedHandler() != null) {
            environment.put(EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable(), definition.namedHandler());
        }
        return environment;
    }

    public Function function() {
        return function;
    }

    /** What callers invoke: the published, SnapStart-enabled version. */
    public Alias alias() {
        return alias;
    }

    public Role role() {
        return role;
    }

    public LogGroup logGroup() {
        return logGroup;
    }

    /**
     * @param definition which function, with its handler and deployment package (which must exist at synth time)
     * @param size its memory and timeout
     * @param environment variables besides the ones every Quarkus function here gets
     * @param recursiveLoop Lambda's recursive-loop detection setting, or null for the default (Terminate)
     * @param description shown in the console
     */
    public record Props(
            FunctionDefinition definition,
            StackConfig.FunctionSize size,
            Map<String, String> environment,
            RecursiveLoop recursiveLoop,
            String description) {
        public Props {
            // The definition and the size are read as the function is defined; a missing description would not show.
            environment = Map.copyOf(environment);
            Objects.requireNonNull(description, "description");
        }

        /** With Lambda's default recursive-loop detection (Terminate). */
        public Props(
                FunctionDefinition definition,
                StackConfig.FunctionSize size,
                Map<String, String> environment,
                String description) {
            this(definition, size, environment, null, description);
        }
    }
}
