package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.FunctionDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What only the local runtime needs must never be deployed (DESIGN §6): checked in every built function zip. */
class FunctionPackagesTest {
    /** Jar name prefixes of the local-only libraries this module brings in. */
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
            "io.entitytable.local-runtime");

    static List<FunctionDefinition> functions() {
        return FunctionCatalogue.ALL;
    }

    @ParameterizedTest
    @MethodSource("functions")
    void functionZip_shouldHoldNoLocalOnlyLibrary_whenBuilt(FunctionDefinition function) throws Exception {
        // GIVEN the function's deployment package, when it has been built
        Path zip = TestRepository.root().resolve(function.zipPath());
        Assumptions.assumeTrue(Files.isRegularFile(zip), () -> zip + " is not built");

        // WHEN its libraries are listed
        List<String> libraries;
        try (ZipFile file = new ZipFile(zip.toFile())) {
            libraries = file.stream()
                    .map(ZipEntry::getName)
                    .filter(name -> name.startsWith("lib/"))
                    .map(name -> name.substring("lib/".length()))
                    .toList();
        }

        // THEN none of them is a local-only library
        assertThat(libraries).isNotEmpty();
        assertThat(libraries).noneMatch(name -> LOCAL_ONLY.stream().anyMatch(name::startsWith));
    }
}
