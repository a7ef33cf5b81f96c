package io.entitytable.api;

import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.s3.local.LocalS3;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * An archive bucket on a local S3-compatible server over a temporary folder, named to the API as a deployment names
 * it. The API's client finds the server's credentials where the SDK's default chain looks first on a developer's
 * machine, the JVM's system properties, which this sets for as long as the server runs.
 */
public class LocalArchiveResource implements QuarkusTestResourceLifecycleManager {
    private static final String ACCESS_KEY_PROPERTY = "aws.accessKeyId";
    private static final String SECRET_KEY_PROPERTY = "aws.secretAccessKey";

    private Path folder;
    private LocalS3 server;

    @Override
    public Map<String, String> start() {
        try {
            folder = Files.createTempDirectory("archive-s3");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            // A bucket of the server is a folder under buckets/ (LocalS3): made so, no SDK client is built here, in the
            // class loader that starts test resources, where a client would load the API's global interceptors once
            // more than the application does.
            Files.createDirectories(folder.resolve("buckets").resolve(OrderArchiveBucket.LOCAL_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server = LocalS3.start(folder, 0);
        LocalS3.Credentials credentials = server.credentials();
        System.setProperty(ACCESS_KEY_PROPERTY, credentials.accessKeyId());
        System.setProperty(SECRET_KEY_PROPERTY, credentials.secretAccessKey());
        return Map.of(
                "entity-table.archive-bucket",
                OrderArchiveBucket.LOCAL_NAME,
                "entity-table.archive-endpoint",
                server.endpoint().toString());
    }

    @Override
    public void stop() {
        System.clearProperty(ACCESS_KEY_PROPERTY);
        System.clearProperty(SECRET_KEY_PROPERTY);
        if (server != null) {
            server.close();
        }
        if (folder != null) {
            try (Stream<Path> paths = Files.walk(folder)) {
                paths.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
