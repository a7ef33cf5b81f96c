package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.FunctionDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The deployment package as {@code cdk deploy} ships it ({@link FunctionDefinition#STREAM_FANOUT}'s zip): it holds the
 * handler and the shared table model, and nothing that exists only for tests or local runs (DESIGN §6).
 */
class FunctionZipIT {
    private static final List<String> TEST_ONLY = List.of(
            "DynamoDBLocal",
            "sqlite",
            "event-ruler",
            "local-dynamodb",
            "log4j-core",
            "aws-lambda-java-serialization",
            "rest-assured",
            "junit",
            "apache5-client");

    @Test
    void functionZip_shouldHoldTheHandler_andNoTestOrLocalOnlyLibrary() throws IOException {
        // GIVEN
        Path zip = Path.of(System.getProperty(
                "entity-table.function-zip", Path.of("target", "function.zip").toString()));
        assertThat(zip).exists();
        assertThat(zip.toString())
                .endsWith(Path.of(FunctionDefinition.STREAM_FANOUT.zipPath())
                        .getFileName()
                        .toString());

        // WHEN
        List<String> entries;
        try (ZipFile file = new ZipFile(zip.toFile())) {
            entries = Collections.list(file.entries()).stream()
                    .map(ZipEntry::getName)
                    .toList();
        }

        // THEN
        assertThat(entries).contains(FanoutHandler.class.getName().replace('.', '/') + ".class");
        assertThat(entries).anyMatch(name -> name.startsWith("lib/") && name.contains("table-model"));
        for (String forbidden : TEST_ONLY) {
            assertThat(entries).as("zip must not contain %s", forbidden).noneMatch(name -> name.contains(forbidden));
        }
        System.out.printf("%s: %d bytes, %d entries%n", zip, Files.size(zip), entries.size());
    }
}
