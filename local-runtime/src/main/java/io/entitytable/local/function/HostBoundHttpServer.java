package io.entitytable.local.function;

import io.vertx.core.http.HttpServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;

/**
 * Makes a Vert.x {@link HttpServer} that has not listened yet listen on one address. Quarkus's mock event servers
 * create their server with Vert.x's default host, {@code 0.0.0.0} (every interface), and have no setting for it; their
 * {@code start(port)} calls {@code setupRoutes()} between creating the server and calling its {@code listen()}, and
 * keeps the server in a protected field. Swapping that field for this wrapper during {@code setupRoutes()} makes the
 * mock server's own {@code listen()} bind the given address; every other call reaches the server unchanged.
 */
final class HostBoundHttpServer {
    private HostBoundHttpServer() {}

    /** {@code server}, whose {@code listen()} binds {@code host} and {@code port} (0: a free port). */
    static HttpServer listeningOn(HttpServer server, InetAddress host, int port) {
        return (HttpServer) Proxy.newProxyInstance(
                HttpServer.class.getClassLoader(), new Class<?>[] {HttpServer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("listen") && method.getParameterCount() == 0) {
                        return server.listen(port, host.getHostAddress());
                    }
                    try {
                        Object result = method.invoke(server, args);
                        // Fluent calls (requestHandler(...).listen()) must keep going through this wrapper.
                        return result == server ? proxy : result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
