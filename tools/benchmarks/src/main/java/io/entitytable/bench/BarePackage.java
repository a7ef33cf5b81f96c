package io.entitytable.bench;

import io.entitytable.bench.bare.BareHandler;
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
 * {@code lib/*.jar}): {@link BareHandler}'s class file plus the jars Maven copied to {@code target/bare-handler-lib}
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

    private BarePackage() {}

    static Path build(Path directory) {
        Path lib = libFolder();
        Path zip = directory.resolve("bare-handler.zip");
        String classFile = BareHandler.class.getName().replace('.', '/') + ".class";
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip));
                InputStream handler = BareHandler.class.getClassLoader().getResourceAsStream(classFile);
                Stream<Path> jars = Files.list(lib)) {
            if (handler == null) {
                throw new IllegalStateException("Cannot read " + classFile);
            }
            out.putNextEntry(new ZipEntry(classFile));
            handler.transferTo(out);
            out.closeEntry();
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
