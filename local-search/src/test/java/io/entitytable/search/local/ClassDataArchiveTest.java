package io.entitytable.search.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassDataArchiveTest {
    private static final String WRITE = "-XX:ArchiveClassesAtExit=";
    private static final String MAP = "-XX:SharedArchiveFile=";

    @TempDir
    Path target;

    private Path jar;
    private Path lib;

    @BeforeEach
    void jars() throws Exception {
        jar = Files.writeString(target.resolve("local-search.jar"), "engine");
        lib = Files.createDirectory(target.resolve("lib"));
        Files.writeString(lib.resolve("opensearch.jar"), "opensearch");
        Files.writeString(lib.resolve("lucene-core.jar"), "lucene");
        Files.writeString(lib.resolve("notes.txt"), "not a jar");
    }

    @Test
    void jars_shouldBeTheEnginesJarThenTheLibrariesByName_andNothingElse() {
        assertThat(ClassDataArchive.jars(jar, lib))
                .containsExactly(jar, lib.resolve("lucene-core.jar"), lib.resolve("opensearch.jar"));
    }

    @Test
    void firstEngine_shouldWriteAnArchiveAtExit_whichTheNextEngineMaps() throws Exception {
        // GIVEN no archive of these jars yet
        ClassDataArchive first = ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib));
        assertThat(first.archive()).doesNotExist();

        // WHEN the first engine starts, THEN it is asked to write one, to a file of its own beside the archive
        String option = only(first.jvmOptions());
        assertThat(option).startsWith(WRITE + first.archive() + ".").endsWith(".tmp");
        Path written = Path.of(option.substring(WRITE.length()));

        // WHEN it exits having written it (as the JVM does), and its launcher keeps it
        Files.writeString(written, "archive");
        first.keep(0);

        // THEN it is the archive, and the next engine of the same jars maps it
        assertThat(written).doesNotExist();
        assertThat(first.archive()).hasContent("archive");
        ClassDataArchive next = ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib));
        assertThat(next.archive()).isEqualTo(first.archive());
        assertThat(next.jvmOptions()).containsExactly(MAP + first.archive());
    }

    @Test
    void engineThatWroteNothing_shouldLeaveNoArchive() {
        // GIVEN an engine asked to write an archive that exits without one (killed, or its JVM could not)
        ClassDataArchive archive = ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib));
        archive.jvmOptions();

        // WHEN its launcher keeps what it wrote
        archive.keep(0);

        // THEN there is still no archive, so the next engine is asked to write one again
        assertThat(archive.archive()).doesNotExist();
        assertThat(only(ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib))
                        .jvmOptions()))
                .startsWith(WRITE);
    }

    @Test
    void jvmKilledWhileWriting_shouldLeaveNoArchive_andNoFile() throws Exception {
        // GIVEN a JVM asked to write an archive, killed (SIGKILL: exit value 137) with its file begun
        ClassDataArchive archive = ClassDataArchive.of(target, "function-api", ClassDataArchive.jars(jar, lib));
        Path written = Path.of(only(archive.jvmOptions()).substring(WRITE.length()));
        Files.writeString(written, "half an arch");

        // WHEN its launcher keeps what it wrote
        archive.keep(137);

        // THEN the unfinished file is gone and no archive was made of it: the next JVM writes one again
        assertThat(written).doesNotExist();
        assertThat(archive.archive()).doesNotExist();
        assertThat(archive.archive().getFileName().toString()).startsWith("function-api-");
    }

    @Test
    void archiveOfRebuiltJars_shouldReplaceTheSameNamesEarlierOne_andLeaveOtherNamesAlone() throws Exception {
        // GIVEN an archive of the jars as they were, and one of another name in the same folder
        Path earlier =
                ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib)).archive();
        Files.writeString(earlier, "earlier archive");
        Path other = ClassDataArchive.of(target, "function-api", ClassDataArchive.jars(jar, lib))
                .archive();
        Files.writeString(other, "another name's archive");

        // WHEN a library is rebuilt and the next engine writes its archive as it exits
        Files.setLastModifiedTime(
                lib.resolve("opensearch.jar"), FileTime.from(Instant.now().plusSeconds(60)));
        ClassDataArchive rebuilt = ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib));
        Path written = Path.of(only(rebuilt.jvmOptions()).substring(WRITE.length()));
        Files.writeString(written, "archive");
        rebuilt.keep(0);

        // THEN the new archive is the engine's only one, and the other name's stays
        assertThat(rebuilt.archive()).hasContent("archive");
        assertThat(earlier).doesNotExist();
        assertThat(other).hasContent("another name's archive");
    }

    @Test
    void rebuiltJar_shouldGetAnArchiveOfItsOwn_notOneTheJvmWouldRefuse() throws Exception {
        // GIVEN an archive of the jars as they are
        Path before =
                ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib)).archive();
        Files.writeString(before, "archive");

        // WHEN a library is rebuilt (same name, same size, a later time)
        Files.setLastModifiedTime(
                lib.resolve("opensearch.jar"), FileTime.from(Instant.now().plusSeconds(60)));
        ClassDataArchive after = ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib));

        // THEN its archive has another name, not there yet: the next engine writes it rather than map the old one
        assertThat(after.archive()).isNotEqualTo(before).doesNotExist();
        assertThat(only(after.jvmOptions())).startsWith(WRITE);
    }

    private static String only(List<String> options) {
        assertThat(options).hasSize(1);
        return options.get(0);
    }
}
