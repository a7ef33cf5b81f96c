package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.FunctionZipContents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
            "event-ruler",
            "software.amazon.event.ruler",
            "quarkus-amazon-lambda-event-server",
            "io.quarkus.quarkus-amazon-lambda-event-server",
            "quarkus-amazon-lambda-http-event-server",
            "io.quarkus.quarkus-amazon-lambda-http-event-server",
            "aws-lambda-java-runtime-interface-client",
            "com.amazonaws.aws-lambda-java-runtime-interface-client",
            "testcontainers",
            "org.testcontainers",
            "local-dynamodb",
            "io.entitytable.local-dynamodb",
            "local-engine",
            "io.entitytable.local-engine",
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
        FunctionZipContents contents = FunctionZipContents.of(zip);

        // THEN it holds the function's own classes at the root and the table model, and no local-only library
        assertThat(contents.entries()).anyMatch(name -> name.startsWith("io/entitytable/") && name.endsWith(".class"));
        assertThat(contents.libraries()).anyMatch(name -> name.startsWith("io.entitytable.table-model"));
        assertThat(contents.libraries()).noneMatch(name -> LOCAL_ONLY.stream().anyMatch(name::startsWith));
    }
}
