package io.entitytable.search.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.opensearch.client.opensearch._types.ErrorCause;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.transport.httpclient5.ResponseException;

/**
 * What the engine said about a failure, in a form fit for logs and dead letters: the engine quotes the value it could
 * not take ("Preview of field's value: 'Alonso Quixote'", "failed to parse date field [Alonso Quixote]"), and those
 * values are a customer's name, email or address. So an error is described by its type, its reason only up to the first
 * quote, and the types of its causes, never their reasons.
 */
public final class EngineErrors {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EngineErrors() {}

    /** {@code type: reason up to its first quote (caused by: type, type)}. */
    public static String describe(ErrorCause error) {
        if (error == null) {
            return "no error detail";
        }
        StringBuilder text = new StringBuilder(error.type());
        String reason = unquoted(error.reason());
        if (!reason.isEmpty()) {
            text.append(": ").append(reason);
        }
        List<String> causes = types(error);
        causes.remove(0);
        if (!causes.isEmpty()) {
            text.append(" (caused by: ").append(String.join(", ", causes)).append(')');
        }
        return text.toString();
    }

    /**
     * A failed request to the engine: its status and error types when the engine answered, the network's message when
     * it could not be reached, and only the kind of fault otherwise (a client-side fault may quote what it was sending).
     */
    public static String describe(Throwable failure) {
        if (failure instanceof OpenSearchException e) {
            return e.status() + " " + describe(e.error());
        }
        if (failure instanceof ResponseException e) {
            return e.status() + " " + String.join(", ", types(e));
        }
        if (failure instanceof SearchFailedException || failure instanceof QueryRefusedException) {
            return failure.getMessage();
        }
        if (failure instanceof IOException) {
            return failure.toString();
        }
        return failure.getClass().getName();
    }

    /** The error's type, then the types of its causes and root causes, each once. */
    public static List<String> types(ErrorCause error) {
        Set<String> types = new LinkedHashSet<>();
        collect(error, types);
        return new ArrayList<>(types);
    }

    /**
     * The error types of an engine's answer that the Apache transport did not parse (it throws a 5xx as a {@link
     * ResponseException} whose message is the request line and then the body), as {@link #types(ErrorCause)}; empty when
     * the body is not the engine's error document.
     */
    public static List<String> types(ResponseException e) {
        String message = String.valueOf(e.getMessage());
        int body = message.indexOf("\n{");
        Set<String> types = new LinkedHashSet<>();
        if (body >= 0) {
            try {
                collect(JSON.readTree(message.substring(body + 1)).path("error"), types);
            } catch (IOException unreadable) {
                // Not the engine's error document: no types to tell.
            }
        }
        return new ArrayList<>(types);
    }

    private static void collect(JsonNode error, Set<String> types) {
        if (!error.isObject()) {
            return;
        }
        if (error.path("type").isTextual()) {
            types.add(error.path("type").asText());
        }
        collect(error.path("caused_by"), types);
        error.path("root_cause").forEach(root -> collect(root, types));
    }

    private static void collect(ErrorCause error, Set<String> types) {
        if (error == null) {
            return;
        }
        types.add(error.type());
        collect(error.causedBy(), types);
        error.rootCause().forEach(root -> collect(root, types));
    }

    /** The reason up to its first quote: what follows may be the refused value itself. */
    static String unquoted(String reason) {
        if (reason == null) {
            return "";
        }
        int end = reason.length();
        for (char quote : new char[] {'\'', '"', '`'}) {
            int at = reason.indexOf(quote);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        int preview = reason.indexOf("Preview of");
        if (preview >= 0) {
            end = Math.min(end, preview);
        }
        return reason.substring(0, end).strip();
    }
}
