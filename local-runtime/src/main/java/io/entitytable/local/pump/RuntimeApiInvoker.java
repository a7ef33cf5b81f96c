package io.entitytable.local.pump;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Invokes a packaged function through its local Runtime API ({@code RuntimeApiServer#invokeUri()}): the event is
 * queued, the function's runtime client fetches it, and the answer comes back as 200 (response) or 500 (function
 * error). A timeout counts as a function error, as on Lambda.
 */
public record RuntimeApiInvoker(URI invokeUri, Duration timeout) implements FunctionInvoker {
    /** Thread-safe and pooled, so every invoker shares one. */
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Override
    public InvocationResult invoke(String event) {
        HttpRequest request = HttpRequest.newBuilder(invokeUri)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(event, StandardCharsets.UTF_8))
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() / 100 == 2
                    ? InvocationResult.success(response.body())
                    : InvocationResult.error(response.body());
        } catch (HttpTimeoutException e) {
            return InvocationResult.error("{\"errorMessage\":\"Task timed out after " + timeout.toSeconds()
                    + " seconds\",\"errorType\":\"Timeout\"}");
        } catch (IOException e) {
            return InvocationResult.error("{\"errorMessage\":\"" + e + "\",\"errorType\":\""
                    + e.getClass().getSimpleName() + "\"}");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return InvocationResult.error("{\"errorMessage\":\"interrupted\",\"errorType\":\"Interrupted\"}");
        }
    }
}
