package io.entitytable.s3.local;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Starts the local S3 server ({@link LocalS3Server}) in this JVM and stops it. The server and its libraries (jclouds,
 * Guice, Guava, Jackson, a shaded Jetty) are loaded by a class loader of their own whose parent is the JDK's platform
 * loader, so they never meet the versions of the process that starts it (the local runtime, tests), and cost no JVM of
 * their own. This class uses the JDK only: it is what consumers get from this artifact.
 *
 * <p>Its folder holds {@code buckets/} (a bucket is a subfolder, an object a file) and {@code credentials.properties}:
 * the access key and a secret drawn at random when the folder is new, which every request must be signed with.
 *
 * @param loader the class loader of the server and its libraries, closed with the server
 * @param server the server, reached through reflection only: its class is the loader's, not this one's
 * @param endpoint the server's endpoint, e.g. {@code http://127.0.0.1:41234}
 * @param credentials the key every request must be signed with
 */
public record LocalS3(URLClassLoader loader, Object server, URI endpoint, Credentials credentials)
        implements AutoCloseable {
    static final String SERVER_CLASS = "io.entitytable.s3.local.LocalS3Server";
    private static final String ACCESS_KEY = "local";

    /** The file in the folder that holds its key, for the AWS CLI and for processes other than the server's. */
    public static final String CREDENTIALS_FILE = "credentials.properties";

    /** The key's two properties in {@link #CREDENTIALS_FILE}. */
    public static final String ACCESS_KEY_ID_PROPERTY = "accessKeyId";

    public static final String SECRET_ACCESS_KEY_PROPERTY = "secretAccessKey";

    /** The key a request is signed with: an access key id and its secret. */
    public record Credentials(String accessKeyId, String secretAccessKey) {}

    /**
     * Starts a server on {@code folder} (created if missing; one server per folder) and returns once it accepts
     * requests.
     *
     * @param port the port on 127.0.0.1, 0 for any free one
     */
    public static LocalS3 start(Path folder, int port) {
        Path target = moduleTarget();
        List<URL> classpath = new ArrayList<>();
        classpath.add(url(target.resolve("local-s3.jar")));
        try (Stream<Path> jars = Files.list(target.resolve("lib"))) {
            jars.filter(jar -> jar.toString().endsWith(".jar")).sorted().forEach(jar -> classpath.add(url(jar)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return start(folder, port, classpath);
    }

    /** A server loaded from {@code classpath} (tests of the launcher itself, before the module is packaged). */
    static LocalS3 start(Path folder, int port, List<URL> classpath) {
        Credentials credentials = credentialsOf(folder);
        UnfinishedWrites.removeUnder(folder.resolve("buckets"));
        URLClassLoader loader =
                new URLClassLoader("local-s3", classpath.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        // jclouds finds its back ends with the ServiceLoader of the thread's context class loader, and the server's
        // threads inherit it: both must be the server's own loader.
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Class<?> serverClass = loader.loadClass(SERVER_CLASS);
            Method start = serverClass.getMethod("start", Path.class, int.class, String.class, String.class);
            Object server = start.invoke(
                    null, folder.resolve("buckets"), port, credentials.accessKeyId(), credentials.secretAccessKey());
            int bound = (int) serverClass.getMethod("port").invoke(server);
            return new LocalS3(loader, server, URI.create("http://127.0.0.1:" + bound), credentials);
        } catch (InvocationTargetException e) {
            closeQuietly(loader);
            throw new IllegalStateException("the local S3 server did not start on port " + port, e.getCause());
        } catch (ReflectiveOperationException e) {
            closeQuietly(loader);
            throw new IllegalStateException("the local S3 server's classes are not on " + classpath, e);
        } finally {
            thread.setContextClassLoader(caller);
        }
    }

    /** Stops the server (the objects stay in its folder) and lets its classes go. */
    @Override
    public void close() {
        try {
            server.getClass().getMethod("stop").invoke(server);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("the local S3 server did not stop cleanly", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        } finally {
            closeQuietly(loader);
        }
    }

    /** Its endpoint only: a record's own toString would print the secret key. */
    @Override
    public String toString() {
        return "local S3 at " + endpoint;
    }

    /** The file that holds the key of the server on {@code folder}. */
    public static Path credentialsFile(Path folder) {
        return folder.resolve(CREDENTIALS_FILE);
    }

    /**
     * The key of the server on {@code folder}, as the server wrote it when the folder was new; empty when no server ever
     * started on it. For a process other than the server's, such as a command that invokes one function.
     */
    public static Optional<Credentials> credentialsIn(Path folder) {
        Path file = credentialsFile(folder);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = load(file);
        String accessKeyId = properties.getProperty(ACCESS_KEY_ID_PROPERTY);
        String secretAccessKey = properties.getProperty(SECRET_ACCESS_KEY_PROPERTY);
        return accessKeyId == null || secretAccessKey == null
                ? Optional.empty()
                : Optional.of(new Credentials(accessKeyId, secretAccessKey));
    }

    /** The folder's key, drawn and written (readable by its owner only, where the file system says so) when new. */
    private static Credentials credentialsOf(Path folder) {
        Optional<Credentials> kept = credentialsIn(folder);
        if (kept.isPresent()) {
            return kept.get();
        }
        Path file = credentialsFile(folder);
        byte[] secret = new byte[20];
        new SecureRandom().nextBytes(secret);
        Properties properties = new Properties();
        properties.setProperty(ACCESS_KEY_ID_PROPERTY, ACCESS_KEY);
        properties.setProperty(SECRET_ACCESS_KEY_PROPERTY, HexFormat.of().formatHex(secret));
        try {
            Files.createDirectories(folder);
            try (OutputStream out = Files.newOutputStream(file)) {
                properties.store(out, "the local S3 server's key: sign requests with it");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        File written = file.toFile();
        written.setReadable(false, false);
        written.setReadable(true, true);
        return new Credentials(ACCESS_KEY, properties.getProperty(SECRET_ACCESS_KEY_PROPERTY));
    }

    private static Properties load(Path file) {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return properties;
    }

    /**
     * This module's {@code target} folder, found from the working directory upwards, so that the repository root (the
     * local runtime) and any module's tests find it alike.
     */
    static Path moduleTarget() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path target = dir.resolve("local-s3").resolve("target");
            if (Files.isRegularFile(target.resolve("local-s3.jar"))) {
                return target;
            }
        }
        throw new IllegalStateException("local-s3/target/local-s3.jar not found above "
                + Path.of("").toAbsolutePath() + "; build it first: mvn -B -q package -DskipTests -pl local-s3");
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(path.toString(), e);
        }
    }

    private static void closeQuietly(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            // Only the jars' file handles: nothing a caller could act on.
        }
    }
}
