package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FunctionClassDataTest {
    private static final String WRITE = "-XX:ArchiveClassesAtExit=";
    private static final String MAP = "-XX:SharedArchiveFile=";

    @TempDir
    Path target;

    @Test
    void archive_shouldLieBesideThePackage_andBeMappedByTheNextJvm_onceTheFirstHasWrittenIt() throws Exception {
        // GIVEN a function's package and no archive yet
        Path zip = Files.writeString(target.resolve("function.zip"), "package");
        FunctionClassData classData = FunctionClassData.of(FunctionDefinition.API, zip);

        // WHEN its first JVM starts, THEN it writes an archive in class-data/ beside the zip, named for the function
        var first = classData.next();
        assertThat(first.archive().getParent()).isEqualTo(target.resolve(FunctionClassData.FOLDER));
        assertThat(first.archive().getFileName().toString()).startsWith("function-api-");
        String option = first.jvmOptions().get(0);
        assertThat(option).startsWith(WRITE);

        // WHEN it exits having written it
        Files.writeString(Path.of(option.substring(WRITE.length())), "archive");
        first.keep(143);

        // THEN the next JVM of the function maps it
        assertThat(classData.next().jvmOptions()).containsExactly(MAP + first.archive());
    }

    @Test
    void twoFunctionsOfOnePackage_orARebuiltPackage_shouldEachHaveAnArchiveOfTheirOwn() throws Exception {
        // GIVEN the fan-out's package, which the refresh worker runs too
        Path zip = Files.writeString(target.resolve("function.zip"), "package");
        Path fanout = FunctionClassData.of(FunctionDefinition.STREAM_FANOUT, zip)
                .next()
                .archive();

        // WHEN the refresh worker's is asked for, and then the package is rebuilt
        Path worker = FunctionClassData.of(FunctionDefinition.REFRESH_WORKER, zip)
                .next()
                .archive();
        Files.setLastModifiedTime(zip, FileTime.from(Instant.now().plusSeconds(60)));
        Path rebuilt = FunctionClassData.of(FunctionDefinition.STREAM_FANOUT, zip)
                .next()
                .archive();

        // THEN each is its own: the worker loads other classes, and a rebuilt package other bytes
        assertThat(worker).isNotEqualTo(fanout);
        assertThat(rebuilt).isNotEqualTo(fanout);
    }
}
