package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;

/**
 * What the scheduled verify's {@code function.zip} holds, as {@code cdk deploy} ships it. It runs after this module's
 * {@code package} phase built the zip (the pom's {@code packaged-zip} execution), so that no other module has to wait
 * for this one to check it.
 */
class ScheduledVerifyZipIT {
    /** Inside the merged {@code lib/} jar: the jars it was made of, one a line (build-support/). */
    private static final String MERGED_JAR_LIST = "META-INF/function-zip-jars.txt";

    @Test
    void scheduledVerifyZip_shouldHoldItsHandlerAndScanCode_butNoLocalEngine() throws Exception {
        // GIVEN the package this module's build has just made (the working directory is the module's folder)
        FunctionDefinition verify = FunctionDefinition.SCHEDULED_VERIFY;
        Path zip = Path.of(verify.module()).relativize(Path.of(verify.zipPath()));
        assertThat(zip).isRegularFile();

        // WHEN its entries and merged libraries are listed
        List<String> entries = new ArrayList<>();
        List<String> libraries = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (ZipEntry entry : file.stream().toList()) {
                entries.add(entry.getName());
                if (entry.getName().startsWith("lib/")) {
                    libraries.addAll(mergedJars(file, entry));
                }
            }
        }

        // THEN its handler is at the root, the drift check, search-repair's Scan and the table model are in, and no
        // local engine is
        assertThat(entries).contains("io/entitytable/verify/ScheduledVerifyHandler.class");
        assertThat(libraries)
                .anyMatch(name -> name.startsWith("table-checks"))
                .anyMatch(name -> name.startsWith("search-repair"))
                .anyMatch(name -> name.startsWith("table-model"))
                .noneMatch(name -> name.startsWith("DynamoDBLocal")
                        || name.startsWith("sqlite4java")
                        || name.startsWith("local-dynamodb")
                        || name.startsWith("slf4j-simple"));
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
