package io.entitytable.local.function;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Plays a function's runtime client against a {@link RuntimeApiServer}, through the address the function's environment
 * gets ({@code AWS_LAMBDA_RUNTIME_API}), as AWS's runtime client uses it: {@code http://<address>/2018-06-01/runtime/}.
 */
public final class RuntimeClientDouble {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final RuntimeApiServer server;
    /** The execution environment this runtime plays ({@link RuntimeApiServer#runtimeApiAddress(int)}). */
    private final int instance;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    public RuntimeClientDouble(RuntimeApiServer server) {
        this(server, 0);
    }

    public RuntimeClientDouble(RuntimeApiServer server, int instance) {
        this.server = server;
        this.instance = instance;
    }

    /** One event handed to the runtime: its request id and body. */
    public record Invocation(String requestId, String event) {}

    /** Takes the next event, waiting up to 10 s for one. */
    public Invocation next() throws IOException, InterruptedException {
        HttpResponse<String> next = http.send(
                HttpRequest.newBuilder(runtimeUri("invocation/next"))
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (next.statusCode() != 200) {
            throw new AssertionError("next answered " + next.statusCode() + ": " + next.body());
        }
        return new Invocation(
                next.headers().firstValue("Lambda-Runtime-Aws-Request-Id").orElseThrow(), next.body());
    }

    /** Answers an invocation as the function; returns the Runtime API's status (202 when accepted). */
    public int respond(String requestId, String response) throws IOException, InterruptedException {
        return post("invocation/" + requestId + "/response", response);
    }

    /** Reports a function error for an invocation; returns the Runtime API's status (202 when accepted). */
    public int error(String requestId, String errorPayload) throws IOException, InterruptedException {
        return post("invocation/" + requestId + "/error", errorPayload);
    }

    private int post(String path, String body) throws IOException, InterruptedException {
        return http.send(
                        HttpRequest.newBuilder(runtimeUri(path))
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .timeout(TIMEOUT)
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private URI runtimeUri(String path) {
        return URI.create("http://" + server.runtimeApiAddress(instance) + "/2018-06-01/runtime/" + path);
    }
}
