package io.entitytable.infra;

import io.entitytable.deployment.FunctionDefinition;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import software.amazon.awscdk.App;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Template;

/**
 * A stack synthesized once for a test class. The function zips are small temp files, so the tests do not depend on the
 * other modules having been packaged; the OpenAPI document is the real one of the API.
 */
record SynthesizedStack(StackConfig config, EntityTableStack stack, Template template, Annotations annotations) {
    /** The API's OpenAPI document, relative to this module (Maven runs tests in the module folder). */
    static final Path OPEN_API = Path.of("..", FunctionDefinition.API.module(), "openapi.json");

    /** Synthesizes the stack as {@code cdk synth -c key=value ...} does, with the zips and OpenAPI document set. */
    static SynthesizedStack synthesize(Map<String, String> context) {
        Path root = tempArtifactRoot();
        Map<String, Object> all = new HashMap<>(context);
        all.put("artifactRoot", root.toString());
        all.put("openApi", OPEN_API.toString());
        App app = App.Builder.create()
                .outdir(root.resolve("cdk.out").toString())
                .context(all)
                .build();
        StackConfig config = StackConfig.fromContext(app.getNode());
        EntityTableStack stack = EntityTableApp.define(app, config);
        Template template = Template.fromStack(stack);
        return new SynthesizedStack(config, stack, template, Annotations.fromStack(stack));
    }

    /** The stack with default config, synthesized once per test JVM (synth takes seconds). */
    static synchronized SynthesizedStack defaults() {
        if (defaults == null) {
            defaults = synthesize(Map.of());
        }
        return defaults;
    }

    private static SynthesizedStack defaults;

    /** The one resource of a type, with its logical id. */
    Map.Entry<String, Map<String, Object>> only(String type) {
        Map<String, Map<String, Object>> found = resources(type);
        if (found.size() != 1) {
            throw new AssertionError("expected one " + type + " but found " + found.keySet());
        }
        return found.entrySet().iterator().next();
    }

    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> resources(String type) {
        Map<String, ?> found = template.findResources(type);
        Map<String, Map<String, Object>> typed = new java.util.TreeMap<>();
        found.forEach((id, resource) -> typed.put(id, (Map<String, Object>) resource));
        return typed;
    }

    /** The properties of the one alarm on the metric named {@code metricName}. */
    Map<String, Object> alarmOn(String metricName) {
        return only(metricName, alarmsOn(metricName));
    }

    /** The one alarm on {@code metricName} with a dimension of value {@code dimensionValue}. */
    Map<String, Object> alarmOn(String metricName, String dimensionValue) {
        return only(
                metricName + " of " + dimensionValue,
                alarmsOn(metricName).stream()
                        .filter(alarm -> alarm.getOrDefault("Dimensions", java.util.List.of())
                                .toString()
                                .contains("Value=" + dimensionValue + "}"))
                        .toList());
    }

    private java.util.List<Map<String, Object>> alarmsOn(String metricName) {
        return resources("AWS::CloudWatch::Alarm").values().stream()
                .map(Json::properties)
                .filter(alarm -> metricName.equals(alarm.get("MetricName")))
                .toList();
    }

    private static Map<String, Object> only(String metricName, java.util.List<Map<String, Object>> found) {
        if (found.size() != 1) {
            throw new AssertionError("expected one alarm on " + metricName + " but found " + found.size());
        }
        return found.get(0);
    }

    /** The logical id CloudFormation gives the resource of a construct. */
    String logicalId(software.constructs.IConstruct construct) {
        return stack.getLogicalId(
                (software.amazon.awscdk.CfnElement) construct.getNode().getDefaultChild());
    }

    /** A function's environment variables as synthesized. */
    Map<String, Object> environment(QuarkusLambda function) {
        return Json.map(
                Json.properties(resources("AWS::Lambda::Function").get(logicalId(function.function()))),
                "Environment",
                "Variables");
    }

    /** Every statement of the inline policies attached to a function's role. */
    java.util.List<Object> statements(QuarkusLambda function) {
        String roleId = logicalId(function.role());
        return resources("AWS::IAM::Policy").values().stream()
                .filter(policy -> Json.list(Json.properties(policy), "Roles").contains(Map.of("Ref", roleId)))
                .flatMap(policy -> Json.list(Json.properties(policy), "PolicyDocument", "Statement").stream())
                .toList();
    }

    /** The actions of the statements, a single action and a list alike. */
    static java.util.List<Object> actions(java.util.List<Object> statements) {
        return statements.stream()
                .map(statement -> Json.map(statement).get("Action"))
                .flatMap(action ->
                        action instanceof java.util.List<?> many ? many.stream() : java.util.stream.Stream.of(action))
                .map(Object.class::cast)
                .toList();
    }

    /** The statement with this Sid. */
    static Map<String, Object> statement(java.util.List<Object> statements, String sid) {
        return statements.stream()
                .map(Json::map)
                .filter(statement -> sid.equals(statement.get("Sid")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no statement " + sid));
    }

    private static Path tempArtifactRoot() {
        try {
            Path root = Files.createTempDirectory("entity-table-cdk");
            for (FunctionDefinition definition : new FunctionDefinition[] {
                FunctionDefinition.API,
                FunctionDefinition.STREAM_FANOUT,
                FunctionDefinition.SEARCH_INDEXER,
                FunctionDefinition.SCHEDULED_VERIFY
            }) {
                Path zip = root.resolve(definition.zipPath());
                Files.createDirectories(zip.getParent());
                try (OutputStream out = Files.newOutputStream(zip);
                        ZipOutputStream zipOut = new ZipOutputStream(out)) {
                    zipOut.putNextEntry(new ZipEntry("placeholder.txt"));
                    zipOut.write(definition.name().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    zipOut.closeEntry();
                }
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
