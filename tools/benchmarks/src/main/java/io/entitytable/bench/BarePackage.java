package io.entitytable.bench;

import io.entitytable.bench.bare.BareHandler;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds the bare handler's deployment package at run time, in the layout of the real ones (classes at the root,
 * {@code lib/*.jar}): the class files of {@link #CLASSES} plus the jars Maven copied to {@code target/bare-handler-lib}
 * (the DynamoDB client and its dependencies only).
 */
final class BarePackage {
    static final FunctionDefinition DEFINITION = new FunctionDefinition(
            "bare-handler",
            "benchmarks",
            BareHandler.class.getName() + "::handleRequest",
            null,
            FunctionDefinition.API.memoryMb(),
            FunctionDefinition.API.timeoutSeconds());

    /** The handler and the one project class it reads, the environment variable of the table's name. */
    static final List<Class<?>> CLASSES = List.of(BareHandler.class, EnvironmentVariable.class);

    private BarePackage() {}

    static Path build(Path directory) {
        Path lib = libFolder();
        Path zip = directory.resolve("bare-handler.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip));
                Stream<Path> jars = Files.list(lib)) {
            for (Class<?> type : CLASSES) {
                putClassFile(out, type);
            }
            List<Path> sorted =
                    jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            if (sorted.isEmpty()) {
                throw new IllegalStateException("No jars in " + lib + "; build with mvn package");
            }
            for (Path jar : sorted) {
                out.putNextEntry(new ZipEntry("lib/" + jar.getFileName()));
                Files.copy(jar, out);
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot build the bare handler's zip", e);
        }
        return zip;
    }

    private static void putClassFile(ZipOutputStream out, Class<?> type) throws IOException {
        String classFile = type.getName().replace('.', '/') + ".class";
        try (InputStream bytes = type.getClassLoader().getResourceAsStream(classFile)) {
            if (bytes == null) {
                throw new IllegalStateException("Cannot read " + classFile);
            }
            out.putNextEntry(new ZipEntry(classFile));
            bytes.transferTo(out);
            out.closeEntry();
        }
    }

    /** {@code target/bare-handler-lib}, next to {@code target/benchmarks.jar} (or {@code target/classes}). */
    private static Path libFolder() {
        try {
            Path code = Path.of(BarePackage.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return code.getParent().resolve("bare-handler-lib");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
