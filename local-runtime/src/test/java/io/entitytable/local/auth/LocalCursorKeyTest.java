package io.entitytable.local.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalCursorKeyTest {
    @TempDir
    Path dataFolder;

    @TempDir
    Path otherDataFolder;

    @Test
    void inFolder_shouldMakeARandomKeyPerDataFolder_andKeepItAcrossRestarts() throws Exception {
        // GIVEN two fresh data folders
        Path auth = dataFolder.resolve("auth");
        // WHEN the key of each is asked for, and the first one's again as a restarted system would
        LocalCursorKey first = LocalCursorKey.inFolder(auth);
        LocalCursorKey other = LocalCursorKey.inFolder(otherDataFolder.resolve("auth"));
        LocalCursorKey afterRestart = LocalCursorKey.inFolder(auth);
        // THEN each folder has its own 32 random bytes, kept next to the issuer key and read back unchanged
        assertThat(first.secret()).isNotEqualTo(other.secret());
        assertThat(afterRestart.secret()).isEqualTo(first.secret());
        assertThat(Base64.getUrlDecoder().decode(first.secret())).hasSize(32);
        assertThat(LocalCursorKey.keyFile(auth)).hasContent(first.secret()).hasParent(auth);
        assertThat(LocalCursorKey.keyFile(auth).getParent())
                .isEqualTo(LocalIssuer.keyFile(auth).getParent());
        assertThat(first.toString()).doesNotContain(first.secret());
    }

    @Test
    void inFolder_shouldWriteTheKeyReadableByItsOwnerOnly() throws Exception {
        assumeThat(FileSystems.getDefault().supportedFileAttributeViews()).contains("posix");
        // GIVEN a fresh data folder
        Path auth = dataFolder.resolve("auth");
        // WHEN its key is made
        LocalCursorKey.inFolder(auth);
        // THEN the file is mode 600, and no temporary file is left beside it
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(LocalCursorKey.keyFile(auth))))
                .isEqualTo("rw-------");
        try (var files = Files.list(auth)) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactly(LocalCursorKey.KEY_FILE);
        }
    }
}
