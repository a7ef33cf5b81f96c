package io.entitytable.local;

import io.entitytable.deployment.FunctionDefinition;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository checkout the local runtime works in: function zips ({@link FunctionDefinition#zipPath()}) and the
 * default data folder are relative to it. Maven passes it as {@code entitytable.repo.root}; otherwise it is the
 * nearest directory above the working directory that holds the root {@code pom.xml} and {@code table-model/}.
 */
public final class RepositoryRoot {
    public static final String PROPERTY = "entitytable.repo.root";

    private RepositoryRoot() {}

    public static Path find() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        Path dir = Path.of("").toAbsolutePath();
        for (Path candidate = dir; candidate != null; candidate = candidate.getParent()) {
            if (Files.isRegularFile(candidate.resolve("pom.xml"))
                    && Files.isDirectory(candidate.resolve("table-model"))) {
                return candidate;
            }
        }
        return dir;
    }
}
