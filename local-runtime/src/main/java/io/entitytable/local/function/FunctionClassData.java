package io.entitytable.local.function;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.search.local.ClassDataArchive;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a function's JVMs keep their class-data archive ({@link ClassDataArchive}): beside its deployment package, one
 * per function, package and runtime client. The function's classes come from the task root the package is unzipped
 * into, which differs from one local system to the next (each has its own data folder), so the archive is named after
 * the package itself; the JVM matches the classes it maps by their content, not their path. Two functions of one
 * package (the fan-out and the refresh worker) load different classes, so each has its own.
 */
record FunctionClassData(Path folder, String name, List<Path> jars) {
    static final String FOLDER = "class-data";

    static FunctionClassData of(FunctionDefinition definition, Path zip) {
        List<Path> jars = new ArrayList<>(List.of(zip.toAbsolutePath()));
        jars.addAll(RuntimeClientClasspath.jars());
        return new FunctionClassData(
                zip.toAbsolutePath().getParent().resolve(FOLDER), "function-" + definition.name(), jars);
    }

    /** The archive of the next JVM to start, with a file of its own to write when there is none yet. */
    ClassDataArchive next() {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder, e);
        }
        return ClassDataArchive.of(folder, name, jars);
    }
}
