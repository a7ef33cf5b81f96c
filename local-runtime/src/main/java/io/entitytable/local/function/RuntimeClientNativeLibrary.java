package io.entitytable.local.function;

import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;

/**
 * The JNI library of AWS's runtime interface client, given to each function JVM in a file of its own.
 *
 * <p>On every start the client unpacks its library to the fixed path {@code /tmp/.libaws-lambda-jni.so} and loads it
 * from there. On Lambda every execution environment has its own {@code /tmp}; here all function JVMs share one, so a
 * JVM starting while another loads the library overwrites the file under it: the other dies in the dynamic loader
 * with SIGBUS (exit code 134) or cannot open the file. The client skips the unpacking when the system property {@link
 * #PROPERTY} names the library, so the local runtime unpacks it into the function's task root and passes its path.
 */
final class RuntimeClientNativeLibrary {
    /** Read by the client's {@code JniHelper}: the library to load instead of unpacking its own. */
    static final String PROPERTY = "com.amazonaws.services.lambda.runtime.api.client.runtimeapi.NativeClient.JNI";

    private static final String FOLDER = ".runtime-client";

    private RuntimeClientNativeLibrary() {}

    /**
     * Unpacks the library for this platform into {@code taskRoot}, or returns empty when the client ships none for it
     * (the client then unpacks to {@code /tmp} as it does on its own).
     */
    static Optional<Path> unpackInto(Path taskRoot) {
        Optional<String> resource = resourceForThisPlatform();
        if (resource.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream library = AWSLambda.class.getResourceAsStream(resource.get())) {
            if (library == null) {
                return Optional.empty();
            }
            Path folder = Files.createDirectories(taskRoot.toAbsolutePath().resolve(FOLDER));
            Path target = folder.resolve("libaws-lambda-jni.so");
            // Written aside and moved into place: a JVM of this function still running keeps the file it mapped.
            Path written = Files.createTempFile(folder, "libaws-lambda-jni", ".tmp");
            Files.copy(library, written, StandardCopyOption.REPLACE_EXISTING);
            Files.move(written, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return Optional.of(target);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot unpack the runtime interface client's JNI library", e);
        }
    }

    /** The client's names: {@code /jni/libaws-lambda-jni.linux[_musl]-(x86_64|aarch_64).so}. */
    static Optional<String> resourceForThisPlatform() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.empty();
        }
        String arch =
                switch (System.getProperty("os.arch", "")) {
                    case "amd64", "x86_64" -> "x86_64";
                    case "aarch64", "arm64" -> "aarch_64";
                    default -> null;
                };
        if (arch == null) {
            return Optional.empty();
        }
        boolean musl =
                Files.exists(Path.of("/lib/ld-musl-" + (arch.equals("x86_64") ? "x86_64" : "aarch64") + ".so.1"));
        return Optional.of("/jni/libaws-lambda-jni.linux" + (musl ? "_musl-" : "-") + arch + ".so");
    }
}
