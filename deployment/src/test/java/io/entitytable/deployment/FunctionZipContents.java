package io.entitytable.deployment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * What a built {@code function.zip} holds, for the tests that check what {@code cdk deploy} would ship: every entry's
 * name, and its libraries, those under {@code lib/} and the jars merged into one of them (build-support/ lists them in
 * the merged jar).
 */
public record FunctionZipContents(List<String> entries, List<String> libraries) {
    /** Inside a merged library jar: the jars it was made of, one a line. */
    private static final String MERGED_JAR_LIST = "META-INF/function-zip-jars.txt";

    private static final String LIB = "lib/";

    public static FunctionZipContents of(Path zip) throws IOException {
        List<String> entries = new ArrayList<>();
        List<String> libraries = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (ZipEntry entry : file.stream().toList()) {
                entries.add(entry.getName());
                if (entry.getName().startsWith(LIB)) {
                    libraries.add(entry.getName().substring(LIB.length()));
                    libraries.addAll(mergedJars(file, entry));
                }
            }
        }
        return new FunctionZipContents(List.copyOf(entries), List.copyOf(libraries));
    }

    /** The jars a merged library jar says it holds; none for an ordinary jar. */
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
