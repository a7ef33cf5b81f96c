package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every built function zip holds, as {@code cdk deploy} ships it: the project's classes and the shared table model,
 * and nothing that exists only for tests or local runs ({@code docs/design.md}, "Local runtime").
 */
class FunctionPackagesTest {
    /** Jar name prefixes of the local-only, operator-only and test-only libraries the build brings in. */
    private static final List<String> LOCAL_ONLY = List.of(
            "DynamoDBLocal",
            "software.amazon.dynamodb.DynamoDBLocal",
            "event-ruler",
            "software.amazon.event.ruler",
            "quarkus-amazon-lambda-event-server",
            "io.quarkus.quarkus-amazon-lambda-event-server",
            "quarkus-amazon-lambda-http-event-server",
            "io.quarkus.quarkus-amazon-lambda-http-event-server",
            "aws-lambda-java-runtime-interface-client",
            "com.amazonaws.aws-lambda-java-runtime-interface-client",
            "sqlite4java",
            "com.almworks.sqlite4java",
            "testcontainers",
            "org.testcontainers",
            "local-dynamodb",
            "io.entitytable.local-dynamodb",
            "local-runtime",
            "io.entitytable.local-runtime",
            "table-verify",
            "io.entitytable.table-verify",
            "search-repair",
            "io.entitytable.search-repair",
            "table-checks",
            "io.entitytable.table-checks",
            "log4j-core",
            "org.apache.logging.log4j.log4j-core",
            "aws-lambda-java-serialization",
            "com.amazonaws.aws-lambda-java-serialization",
            "rest-assured",
            "io.rest-assured",
            "junit",
            "org.junit",
            "apache5-client",
            "software.amazon.awssdk.apache5-client",
            "swagger-ui",
            "org.webjars.swagger-ui",
            "elasticmq",
            "org.elasticmq",
            "pekko",
            "org.apache.pekko");

    /** Inside a zip's merged {@code lib/dependencies.jar}: the jars it was made of, one a line (build-support/). */
    private static final String MERGED_JAR_LIST = "META-INF/function-zip-jars.txt";

    static List<FunctionDefinition> functions() {
        return FunctionCatalogue.ALL;
    }

    @ParameterizedTest
    @MethodSource("functions")
    void functionZip_shouldHoldTheProjectAndNoLocalOnlyLibrary_whenBuilt(FunctionDefinition function) throws Exception {
        // GIVEN the function's deployment package, when it has been built
        Path zip = TestRepository.root().resolve(function.zipPath());
        Assumptions.assumeTrue(Files.isRegularFile(zip), () -> zip + " is not built");

        // WHEN its entries and libraries are listed, with those merged into one jar (build-support/ lists them)
        List<String> entries = new ArrayList<>();
        List<String> libraries = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (ZipEntry entry : file.stream().toList()) {
                entries.add(entry.getName());
                if (entry.getName().startsWith("lib/")) {
                    libraries.add(entry.getName().substring("lib/".length()));
                    libraries.addAll(mergedJars(file, entry));
                }
            }
        }

        // THEN it holds the function's own classes at the root and the table model, and no local-only library
        assertThat(entries).anyMatch(name -> name.startsWith("io/entitytable/") && name.endsWith(".class"));
        assertThat(libraries).anyMatch(name -> name.startsWith("io.entitytable.table-model"));
        assertThat(libraries).noneMatch(name -> LOCAL_ONLY.stream().anyMatch(name::startsWith));
    }

    /** The jars a merged library jar says it holds ({@value #MERGED_JAR_LIST}); none for an ordinary jar. */
    private static List<String> mergedJars(ZipFile zip, ZipEntry jar) throws IOException {
        try (ZipInputStream entries = new ZipInputStream(zip.getInputStream(jar))) {
            for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
                if (entry.getName().equals(MERGED_JAR_LIST)) {
                    return new String(entries.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .filter(line -> !line.isBlank())
                            .toList();
                }
            }
        }
        return List.of();
    }
}
