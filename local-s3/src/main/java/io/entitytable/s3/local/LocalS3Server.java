package io.entitytable.s3.local;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.filesystem.reference.FilesystemConstants;
import org.slf4j.LoggerFactory;

/**
 * S3Proxy serving the S3 API on 127.0.0.1 over a folder: a bucket is a subfolder, an object a file. Requests must be
 * signed (SigV4 or V2) with the folder's key, so a page in the developer's browser cannot reach the objects. Loaded
 * only by {@link LocalS3}, in a class loader of its own, which calls {@link #start}, {@link #port} and {@link #stop}.
 *
 * @param proxy the S3 front
 * @param context the folder's blob store behind it, closed when the proxy stops
 */
public record LocalS3Server(S3Proxy proxy, BlobStoreContext context) {

    /**
     * Starts a server on {@code folder} (created if missing) and returns once it accepts requests.
     *
     * @param port the port, 0 for any free one
     */
    public static LocalS3Server start(Path folder, int port, String accessKey, String secretKey) throws Exception {
        // S3Proxy and jclouds log every request at DEBUG: the server says only what goes wrong. Set here rather than in
        // a logback.xml, which would reach the class path of whoever depends on this artifact.
        ((Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)).setLevel(Level.WARN);
        Files.createDirectories(folder);
        Properties properties = new Properties();
        properties.setProperty(
                FilesystemConstants.PROPERTY_BASEDIR, folder.toAbsolutePath().toString());
        BlobStoreContext context = ContextBuilder.newBuilder("filesystem-nio2")
                // A back end's own login, which a folder does not check; jclouds needs one all the same.
                .credentials("local", "local")
                .overrides(properties)
                .buildView(BlobStoreContext.class);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(context.getBlobStore())
                .endpoint(URI.create("http://127.0.0.1:" + port))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                // The AWS SDKs and CLI send checksum headers S3Proxy does not check; it refuses what it does not
                // know unless told to let it pass.
                .ignoreUnknownHeaders(true)
                .build();
        try {
            proxy.start();
        } catch (Exception e) {
            context.close();
            throw e;
        }
        return new LocalS3Server(proxy, context);
    }

    /** The port it listens on. */
    public int port() {
        return proxy.getPort();
    }

    public void stop() throws Exception {
        try {
            proxy.stop();
        } finally {
            context.close();
        }
    }
}
