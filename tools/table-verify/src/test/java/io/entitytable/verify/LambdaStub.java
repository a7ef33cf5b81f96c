package io.entitytable.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Lambda's GetAlias and GetFunctionConfiguration for one function, answered as Lambda's REST API answers them: what a
 * move reads of a deployed API, which no test here can deploy. The function's version runs with {@code
 * MOVE_TARGET_TABLE} set to {@code routesTo}, or without it when that is null.
 */
final class LambdaStub implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;

    LambdaStub(String function, String version, String routesTo, int timeoutSeconds) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String functionPath = "/2015-03-31/functions/" + function;
        server.createContext(
                functionPath + "/aliases/" + FunctionDefinition.ALIAS,
                exchange -> answer(
                        exchange,
                        Map.of(
                                "Name",
                                FunctionDefinition.ALIAS,
                                "FunctionVersion",
                                version,
                                "AliasArn",
                                "arn:aws:lambda:us-east-1:123456789012:function:" + function + ":live")));
        server.createContext(functionPath + "/configuration", exchange -> {
            Map<String, Object> configuration = new LinkedHashMap<>();
            configuration.put("FunctionName", function);
            configuration.put("Version", version);
            configuration.put("Timeout", timeoutSeconds);
            configuration.put("State", "Active");
            configuration.put("LastUpdateStatus", "Successful");
            configuration.put(
                    "Environment",
                    Map.of(
                            "Variables",
                            routesTo == null
                                    ? Map.of()
                                    : Map.of(EnvironmentVariable.MOVE_TARGET_TABLE.variable(), routesTo)));
            answer(exchange, configuration);
        });
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, Map<String, Object> body) throws IOException {
        byte[] bytes = JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
