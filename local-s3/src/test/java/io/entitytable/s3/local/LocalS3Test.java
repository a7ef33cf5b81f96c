package io.entitytable.s3.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

class LocalS3Test {
    @TempDir
    Path folder;

    @Test
    void objects_arePutReadListedInKeyOrderAndDeleted_throughTheAwsSdk() {
        try (LocalS3 s3 = start(folder, 0);
                S3Client client = client(s3, s3.credentials().secretAccessKey())) {
            // GIVEN a bucket with objects under two prefixes
            client.createBucket(request -> request.bucket("archive"));
            for (String key : List.of("b/2026-11-03", "b/2026-11-01", "b/2026-11-02", "c/2026-11-01")) {
                client.putObject(
                        request -> request.bucket("archive").key(key),
                        RequestBody.fromString("{\"k\":\"" + key + "\"}"));
            }

            // WHEN one prefix is listed a page of two at a time
            ListObjectsV2Response first = client.listObjectsV2(
                    request -> request.bucket("archive").prefix("b/").maxKeys(2));
            ListObjectsV2Response second = client.listObjectsV2(request ->
                    request.bucket("archive").prefix("b/").maxKeys(2).continuationToken(first.nextContinuationToken()));

            // THEN the keys come in order, the prefix only, each once; an object reads back; a deleted one is gone
            assertThat(first.contents()).extracting(S3Object::key).containsExactly("b/2026-11-01", "b/2026-11-02");
            assertThat(first.isTruncated()).isTrue();
            assertThat(second.contents()).extracting(S3Object::key).containsExactly("b/2026-11-03");
            assertThat(second.isTruncated()).isFalse();
            assertThat(client.getObjectAsBytes(
                                    request -> request.bucket("archive").key("c/2026-11-01"))
                            .asUtf8String())
                    .isEqualTo("{\"k\":\"c/2026-11-01\"}");
            client.deleteObject(request -> request.bucket("archive").key("b/2026-11-02"));
            assertThat(client.listObjectsV2(request -> request.bucket("archive").prefix("b/"))
                            .contents())
                    .extracting(S3Object::key)
                    .containsExactly("b/2026-11-01", "b/2026-11-03");
        }
    }

    @Test
    void aRestartOnTheSameFolder_keepsItsObjectsAndItsKey() {
        // GIVEN an object written, and the server stopped
        LocalS3.Credentials written;
        try (LocalS3 s3 = start(folder, 0);
                S3Client client = client(s3, s3.credentials().secretAccessKey())) {
            written = s3.credentials();
            client.createBucket(request -> request.bucket("kept"));
            client.putObject(request -> request.bucket("kept").key("a/1"), RequestBody.fromString("one"));
        }

        // WHEN a server starts on the folder again
        try (LocalS3 s3 = start(folder, 0);
                S3Client client = client(s3, s3.credentials().secretAccessKey())) {
            // THEN it has the same key and the object
            assertThat(s3.credentials()).isEqualTo(written);
            assertThat(client.getObjectAsBytes(request -> request.bucket("kept").key("a/1"))
                            .asUtf8String())
                    .isEqualTo("one");
        }
    }

    @Test
    void aRestart_shouldClearAWriteAKillCutShort_andListThePrefixAgain() throws Exception {
        // GIVEN two objects under a prefix, the server stopped, and beside them the temporary file of a PUT the process
        // was killed in (the back end writes <key>-<UUID>, sets its metadata, then moves it onto the key)
        try (LocalS3 s3 = start(folder, 0);
                S3Client client = client(s3, s3.credentials().secretAccessKey())) {
            client.createBucket(request -> request.bucket("cut"));
            client.putObject(request -> request.bucket("cut").key("p/1"), RequestBody.fromString("one"));
            client.putObject(request -> request.bucket("cut").key("p/2"), RequestBody.fromString("two"));
        }
        Path unfinished = folder.resolve("buckets/cut/p/3-f387619d-0646-4a51-9f87-e737d1d26723");
        java.nio.file.Files.writeString(unfinished, "thr");

        // WHEN a server starts on the folder again
        try (LocalS3 s3 = start(folder, 0);
                S3Client client = client(s3, s3.credentials().secretAccessKey())) {
            // THEN the prefix lists its two objects (the unfinished write would make every LIST of it fail), and the
            // unfinished file is gone
            assertThat(client.listObjectsV2(request -> request.bucket("cut").prefix("p/"))
                            .contents())
                    .extracting(S3Object::key)
                    .containsExactly("p/1", "p/2");
            assertThat(unfinished).doesNotExist();
        }
    }

    @Test
    void aRequestSignedWithAnotherSecret_isRefused_andWritesNothing() {
        try (LocalS3 s3 = start(folder, 0);
                S3Client owner = client(s3, s3.credentials().secretAccessKey());
                S3Client stranger = client(s3, "not-the-secret")) {
            // GIVEN a bucket
            owner.createBucket(request -> request.bucket("guarded"));

            // WHEN a request signed with another secret writes to it
            // THEN it is refused with 403
            assertThatThrownBy(() -> stranger.putObject(
                            request -> request.bucket("guarded").key("x"), RequestBody.fromString("x")))
                    .isInstanceOfSatisfying(
                            S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(403));
            // AND nothing was written
            assertThat(owner.listObjectsV2(request -> request.bucket("guarded")).contents())
                    .isEmpty();
        }
    }

    @Test
    void aSecondServerOnTheFolderStarts_onceTheFirstIsClosed_onTheSamePort() {
        // GIVEN a server on a port, closed
        int port;
        try (LocalS3 s3 = start(folder, 0)) {
            port = s3.endpoint().getPort();
        }

        // WHEN another starts on that port
        try (LocalS3 again = start(folder, port)) {
            // THEN it listens there: the first let the port go
            assertThat(again.endpoint().getPort()).isEqualTo(port);
        }
    }

    /** A server loaded, as the launcher loads it, apart from this class loader: from this JVM's class path. */
    private static LocalS3 start(Path folder, int port) {
        List<URL> classpath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            try {
                classpath.add(Path.of(entry).toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException(entry, e);
            }
        }
        return LocalS3.start(folder, port, classpath);
    }

    private static S3Client client(LocalS3 s3, String secret) {
        return S3Client.builder()
                .endpointOverride(s3.endpoint())
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                // S3Proxy checks a whole body's SHA-256, not the trailing checksums the SDK sends by default.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(s3.credentials().accessKeyId(), secret)))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }
}
