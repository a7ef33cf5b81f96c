package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeClientNativeLibraryTest {
    @TempDir
    Path taskRoot;

    @Test
    void unpackInto_shouldGiveEachTaskRootItsOwnCopyOfTheClientsLibrary_whenThePlatformHasOne() throws Exception {
        assumeTrue(RuntimeClientNativeLibrary.resourceForThisPlatform().isPresent(), "no library for this platform");
        String resource = RuntimeClientNativeLibrary.resourceForThisPlatform().orElseThrow();
        byte[] shipped;
        try (InputStream in = AWSLambda.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            shipped = in.readAllBytes();
        }

        // WHEN two task roots get the library, the second twice (a restarted function)
        Path first =
                RuntimeClientNativeLibrary.unpackInto(taskRoot.resolve("api")).orElseThrow();
        RuntimeClientNativeLibrary.unpackInto(taskRoot.resolve("stream-fanout")).orElseThrow();
        Path again = RuntimeClientNativeLibrary.unpackInto(taskRoot.resolve("stream-fanout"))
                .orElseThrow();

        // THEN each is inside its own task root, byte for byte the client's, with no leftover temporary file
        assertThat(first).startsWith(taskRoot.resolve("api").toAbsolutePath());
        assertThat(again).startsWith(taskRoot.resolve("stream-fanout").toAbsolutePath());
        assertThat(Files.readAllBytes(first)).isEqualTo(shipped);
        assertThat(Files.readAllBytes(again)).isEqualTo(shipped);
        try (var files = Files.list(again.getParent())) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly("libaws-lambda-jni.so");
        }
    }
}
