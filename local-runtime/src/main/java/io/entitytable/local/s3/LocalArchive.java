package io.entitytable.local.s3;

import io.entitytable.archive.OrderArchive;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.s3.local.LocalS3;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;

/**
 * The order archive where the local system keeps it: the local S3 server ({@link LocalS3}: S3Proxy over a folder, in
 * this JVM, on 127.0.0.1 only) with the bucket {@link OrderArchiveBucket#LOCAL_NAME}, made when missing. Every request
 * must be signed with the folder's key, which the functions get as their AWS credentials.
 *
 * @param server the running server
 * @param folder the server's folder
 * @param bucketCreated whether this start made the bucket (a new folder) rather than found it (a kept one)
 */
public record LocalArchive(LocalS3 server, Path folder, boolean bucketCreated) implements AutoCloseable {

    /**
     * Starts the server on {@code folder} (created if missing) and makes the archive's bucket if the folder has none yet:
     * on a kept folder, the bucket and its objects are those of the last run.
     *
     * @param port the port on 127.0.0.1, 0 for any free one
     */
    public static LocalArchive start(Path folder, int port) {
        LocalS3 server = LocalS3.start(folder, port);
        try (S3Client client = client(server.endpoint(), server.credentials())) {
            return new LocalArchive(server, folder, createBucketIfMissing(client));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Whether the bucket was made by this start. */
    private static boolean createBucketIfMissing(S3Client client) {
        try {
            client.headBucket(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME));
            return false;
        } catch (NoSuchBucketException missing) {
            client.createBucket(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME));
            return true;
        }
    }

    /**
     * A client of the server as the archive's users need one: path-style addressing (the bucket in the path, not in a
     * host name of its own), and checksums only where an operation requires one, since S3Proxy checks a body's SHA-256,
     * not the trailing checksums the SDK sends by default. Both settings work against AWS as well.
     */
    public static S3Client client(URI endpoint, AwsCredentialsProvider credentials) {
        return OrderArchive.serverClient(endpoint, LocalDynamoDb.REGION)
                .credentialsProvider(credentials)
                .build();
    }

    /** A client of the server at {@code endpoint} that signs with {@code key}. */
    public static S3Client client(URI endpoint, LocalS3.Credentials key) {
        return client(
                endpoint,
                StaticCredentialsProvider.create(AwsBasicCredentials.create(key.accessKeyId(), key.secretAccessKey())));
    }

    /** A client signed with the folder's key. */
    public S3Client client() {
        return client(endpoint(), credentials());
    }

    /** The server's endpoint, e.g. {@code http://127.0.0.1:9000}. */
    public URI endpoint() {
        return server.endpoint();
    }

    public String bucket() {
        return OrderArchiveBucket.LOCAL_NAME;
    }

    /** The key every request must be signed with. */
    public LocalS3.Credentials credentials() {
        return server.credentials();
    }

    /** The file that holds the key, for a developer's AWS CLI. */
    public Path credentialsFile() {
        return credentialsFile(folder);
    }

    /** The file that holds the key of the server on {@code folder}. */
    public static Path credentialsFile(Path folder) {
        return LocalS3.credentialsFile(folder);
    }

    /** The key of the server on {@code folder}; empty when no server ever started on it. */
    public static Optional<LocalS3.Credentials> credentialsIn(Path folder) {
        return LocalS3.credentialsIn(folder);
    }

    /** Stops the server; the bucket and its objects stay in the folder. */
    @Override
    public void close() {
        server.close();
    }

    @Override
    public String toString() {
        return "local S3 at " + endpoint();
    }
}
