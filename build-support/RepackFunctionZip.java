import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites a Lambda deployment package ({@code target/function.zip}, as quarkus-amazon-lambda writes it: the
 * application's classes at the root, its dependencies as {@code lib/*.jar}) in place: all {@code lib/*.jar} become ONE
 * jar, {@code lib/dependencies.jar}, whose entries are STORED (not compressed), and the zip is deflated at the best
 * level. Run for both function modules by the exec plugin in the {@code package} phase right after Quarkus writes the
 * zip (the execution is declared once, in the parent pom); a single-file Java program ({@code java
 * RepackFunctionZip.java <zip>}), so there is no build plugin of our own to publish.
 *
 * <p>Why, for start-up: Lambda's Java runtime loads a function through a URLClassLoader over the task root and each
 * {@code lib/*.jar} in name order; with 90-170 jars every class lookup probes the jars one by one until it hits, and each
 * jar's central directory is read when first probed. One jar makes that a single lookup, and stored entries are read
 * without inflating. (This is the single-jar layout AWS's own guides build with the shade plugin; the shade plugin
 * cannot make it here because it merges the Maven dependency graph, while {@code lib/} holds Quarkus's build output,
 * with jars Quarkus transformed or generated, so the merge is written out here.) For size: stored
 * inside the deflated zip, classes compress as one stream sharing their constant-pool strings, so the upload shrinks
 * by about a third while the unzipped task root (Lambda allows 250 MB) grows.
 *
 * <p>Merging keeps the class path's semantics: jars are taken in the runtime's order (by name) and the first copy of an
 * entry wins, as it would on the class path; {@code META-INF/services/*}, the SDK's {@code *.interceptors} lists and
 * Netty's version properties, which each jar contributes to, are concatenated; per-jar manifests, jar indexes
 * ({@code INDEX.LIST} names the original jars) and signature files are dropped; the merged manifest is multi-release when
 * any input jar was. The merged jar lists the jars it holds in {@value #JAR_LIST}.
 */
public final class RepackFunctionZip {
    static final String MERGED_JAR = "lib/dependencies.jar";

    /** Inside the merged jar: the names of the jars merged into it, one a line, in class-path order. */
    static final String JAR_LIST = "META-INF/function-zip-jars.txt";

    private RepackFunctionZip() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java RepackFunctionZip.java <function.zip>");
            System.exit(2);
        }
        Path zip = Path.of(args[0]);
        long before = Files.size(zip);
        Path repacked = zip.resolveSibling(zip.getFileName() + ".repacked");
        int jars;
        try (ZipFile source = new ZipFile(zip.toFile());
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(repacked))) {
            out.setLevel(Deflater.BEST_COMPRESSION);
            Map<String, byte[]> libJars = new TreeMap<>();
            long mergedTime = 0;
            Set<String> written = new HashSet<>();
            Enumeration<? extends ZipEntry> entries = source.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                byte[] data;
                try (InputStream in = source.getInputStream(entry)) {
                    data = in.readAllBytes();
                }
                if (!entry.isDirectory()
                        && entry.getName().startsWith("lib/")
                        && entry.getName().endsWith(".jar")) {
                    libJars.put(entry.getName(), data);
                    mergedTime = Math.max(mergedTime, entry.getTime());
                    continue;
                }
                if (!written.add(entry.getName())) {
                    // Quarkus writes the directory META-INF/ twice; a second copy of a file would be a real conflict.
                    if (entry.isDirectory()) {
                        continue;
                    }
                    throw new IOException("duplicate file " + entry.getName() + " in " + zip);
                }
                put(out, entry.getName(), entry.getTime(), data);
            }
            jars = libJars.size();
            if (libJars.size() == 1 && libJars.containsKey(MERGED_JAR)) {
                put(out, MERGED_JAR, mergedTime, libJars.get(MERGED_JAR));
            } else if (jars > 0) {
                put(out, MERGED_JAR, mergedTime, merge(libJars, mergedTime));
            }
        }
        Files.move(repacked, zip, StandardCopyOption.REPLACE_EXISTING);
        System.out.printf(
                Locale.ROOT,
                "[repack] %s: %.1f MiB -> %.1f MiB (%d jars merged into %s, stored; zip deflated at level 9)%n",
                zip,
                before / 1048576.0,
                Files.size(zip) / 1048576.0,
                jars,
                MERGED_JAR);
    }

    private static void put(ZipOutputStream out, String name, long time, byte[] data) throws IOException {
        ZipEntry copy = new ZipEntry(name);
        copy.setTime(time);
        copy.setMethod(ZipEntry.DEFLATED);
        out.putNextEntry(copy);
        out.write(data);
        out.closeEntry();
    }

    /** One jar with every entry STORED, first copy wins, the list files concatenated (see the class comment). */
    static byte[] merge(Map<String, byte[]> jarsByName, long time) throws IOException {
        Iterable<byte[]> jars = jarsByName.values();
        Map<String, StoredEntry> entries = new LinkedHashMap<>();
        Map<String, ByteArrayOutputStream> concatenated = new LinkedHashMap<>();
        Map<String, Long> concatenatedTimes = new LinkedHashMap<>();
        boolean multiRelease = false;
        for (byte[] jar : jars) {
            try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(jar))) {
                ZipEntry entry;
                while ((entry = in.getNextEntry()) != null) {
                    String name = entry.getName();
                    byte[] data = in.readAllBytes();
                    if (name.equalsIgnoreCase(JarFile.MANIFEST_NAME)) {
                        Manifest manifest = new Manifest(new ByteArrayInputStream(data));
                        multiRelease |= "true"
                                .equalsIgnoreCase(manifest.getMainAttributes().getValue(Attributes.Name.MULTI_RELEASE));
                    } else if (dropped(name)) {
                        continue;
                    } else if (concatenates(name) && !entry.isDirectory()) {
                        ByteArrayOutputStream all =
                                concatenated.computeIfAbsent(name, n -> new ByteArrayOutputStream());
                        all.write(data);
                        if (data.length > 0 && data[data.length - 1] != '\n') {
                            all.write('\n');
                        }
                        concatenatedTimes.putIfAbsent(name, entry.getTime());
                    } else {
                        entries.putIfAbsent(name, new StoredEntry(entry.getTime(), data));
                    }
                }
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Created-By", "RepackFunctionZip (all lib/*.jar of function.zip)");
        if (multiRelease) {
            manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
        }
        ByteArrayOutputStream manifestBytes = new ByteArrayOutputStream();
        manifest.write(manifestBytes);

        List<Map.Entry<String, StoredEntry>> ordered = new ArrayList<>();
        ordered.add(Map.entry("META-INF/", new StoredEntry(time, new byte[0])));
        ordered.add(Map.entry(JarFile.MANIFEST_NAME, new StoredEntry(time, manifestBytes.toByteArray())));
        entries.remove("META-INF/");
        ordered.addAll(entries.entrySet());
        concatenated.forEach((name, data) ->
                ordered.add(Map.entry(name, new StoredEntry(concatenatedTimes.get(name), data.toByteArray()))));
        // Which jars went in, in class-path order: what checks of the package's libraries can still read.
        String list = String.join("\n", jarsByName.keySet()).replace("lib/", "") + "\n";
        ordered.add(Map.entry(JAR_LIST, new StoredEntry(time, list.getBytes(java.nio.charset.StandardCharsets.UTF_8))));

        ByteArrayOutputStream buffer = new ByteArrayOutputStream(64 << 20);
        try (ZipOutputStream out = new ZipOutputStream(buffer)) {
            for (Map.Entry<String, StoredEntry> entry : ordered) {
                byte[] data = entry.getValue().data();
                CRC32 crc = new CRC32();
                crc.update(data);
                ZipEntry copy = new ZipEntry(entry.getKey());
                copy.setTime(entry.getValue().time());
                copy.setMethod(ZipEntry.STORED);
                copy.setSize(data.length);
                copy.setCompressedSize(data.length);
                copy.setCrc(crc.getValue());
                out.putNextEntry(copy);
                out.write(data);
                out.closeEntry();
            }
        }
        return buffer.toByteArray();
    }

    private record StoredEntry(long time, byte[] data) {}

    private static boolean dropped(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.equals("META-INF/INDEX.LIST")
                || (upper.startsWith("META-INF/")
                        && upper.indexOf('/', "META-INF/".length()) < 0
                        && (upper.endsWith(".SF")
                                || upper.endsWith(".RSA")
                                || upper.endsWith(".DSA")
                                || upper.endsWith(".EC")));
    }

    private static boolean concatenates(String name) {
        return name.startsWith("META-INF/services/")
                || name.endsWith(".interceptors")
                || name.equals("META-INF/io.netty.versions.properties");
    }
}
