package io.entitytable.api.startup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.metrics.ApiMetrics;
import io.entitytable.model.Ids;
import io.quarkus.amazon.lambda.runtime.AmazonLambdaRecorder;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.jboss.logging.Logger;

/**
 * Invoke priming for SnapStart: just before Lambda takes the snapshot of the initialised function, one request goes
 * through the whole path a real one takes (the runtime's event JSON read by Quarkus's Lambda handler, the HTTP bridge,
 * JAX-RS routing, the resource, a DynamoDB GetItem with request signing and the HTTP client, the problem+json error
 * mapping, the response event written back), so the classes, JIT profiles and lazily built caches of that path are in
 * the snapshot and no restored function pays for them on its first request.
 *
 * <p>The request is {@code GET /businesses/<a fresh ULID>}: a read of an item that cannot exist (answered 404), so
 * priming never changes data. It runs only from the CRaC {@code beforeCheckpoint} hook, i.e. only when Lambda takes a
 * SnapStart snapshot; a function started without SnapStart (the local runtime, {@code $LATEST}) never primes, as
 * priming there would only move work from the first request into the init phase and add a DynamoDB call. Quarkus itself
 * already starts the application fully and preloads its classes during init when SnapStart support is on
 * ({@code quarkus.snapstart.*}, defaults).
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/snapstart-runtime-hooks-java.html">SnapStart runtime
 *     hooks</a>
 */
@Singleton
public class SnapStartPriming implements Resource {
    private static final Logger LOG = Logger.getLogger(SnapStartPriming.class);

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ApiMetrics metrics;

    /** Registers the hook at start-up; the CRaC context keeps only a weak reference, this bean keeps it alive. */
    void register(@Observes StartupEvent event) {
        Core.getGlobalContext().register(this);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        long begin = System.nanoTime();
        int status = prime();
        metrics.forgetPriming();
        LOG.infof("SnapStart priming: one GET answered %d in %d ms", status, (System.nanoTime() - begin) / 1_000_000);
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        // Nothing to renew: the SDK client re-opens connections as needed, and no state in this function depends on
        // the moment or the execution environment it was initialised in.
    }

    /** Sends the priming request through Quarkus's Lambda handler and returns the HTTP status it answered. */
    int prime() {
        String path = "/businesses/" + Ids.newId();
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        try {
            AmazonLambdaRecorder.handle(
                    new ByteArrayInputStream(event(path).getBytes(StandardCharsets.UTF_8)),
                    response,
                    new PrimingContext());
            JsonNode answer = JSON.readTree(response.toByteArray());
            return answer.path("statusCode").asInt();
        } catch (IOException e) {
            throw new UncheckedIOException("priming request failed", e);
        }
    }

    /**
     * An API Gateway HTTP API (payload 2.0) event of the shape the deployed API receives: a GET of {@code path} (no
     * query string, no body); {@code path} must need no JSON escaping.
     */
    private static String event(String path) {
        return """
                {"version":"2.0","routeKey":"$default","rawPath":"%1$s","rawQueryString":"",\
                "headers":{"accept":"application/json","host":"priming.local"},\
                "requestContext":{"http":{"method":"GET","path":"%1$s","protocol":"HTTP/1.1",\
                "sourceIp":"127.0.0.1","userAgent":"snapstart-priming"},\
                "requestId":"snapstart-priming","routeKey":"$default","stage":"$default",\
                "timeEpoch":0},\
                "isBase64Encoded":false}"""
                .formatted(path);
    }
}
