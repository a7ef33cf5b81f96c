package io.entitytable.local.function;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The API's documentation on the local front door: Swagger UI under {@value #PATH}, over the committed OpenAPI
 * document at {@value #DOCUMENT}. The local runtime answers every path under {@value #PATH} itself (unknown ones with
 * 404) and none of them reaches the function, so the function's package stays exactly what is deployed, without
 * Swagger UI in it.
 *
 * <p>The document is read at request time: a reload shows the checkout's current {@code openapi.json}, also when the
 * functions build regenerates it while the system runs, and a missing file is a 404 on the page rather than a failed
 * start.
 */
public final class ApiDocs {
    public static final String PATH = "/docs";
    public static final String DOCUMENT = PATH + "/openapi.json";

    private static final String PAGE = "/api-docs/index.html";
    private static final String WEBJAR_PROPERTIES = "META-INF/maven/org.webjars/swagger-ui/pom.properties";
    private static final String WEBJAR_FOLDER = "META-INF/resources/webjars/swagger-ui/";
    private static final int NOT_FOUND = 404;

    private ApiDocs() {}

    /** Adds the routes under {@value #PATH}; they must come before the route that hands requests to the function. */
    static void mount(Router router, Path openApiDocument) {
        Buffer page = Buffer.buffer(resource(PAGE));
        for (String path : new String[] {PATH, PATH + "/", PATH + "/index.html"}) {
            router.get(path).handler(ctx -> ctx.response()
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                    .end(page));
        }
        router.get(DOCUMENT).handler(ctx -> document(ctx, openApiDocument));
        router.route(PATH + "/*").handler(StaticHandler.create(WEBJAR_FOLDER + swaggerUiVersion()));
        // The static handler passes on what it does not have; it must end here, not at the function.
        router.route(PATH + "/*")
                .handler(ctx -> ctx.response().setStatusCode(NOT_FOUND).end());
    }

    private static void document(RoutingContext ctx, Path openApiDocument) {
        ctx.vertx()
                .fileSystem()
                .readFile(openApiDocument.toString())
                .onSuccess(json -> ctx.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                        .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                        .end(json))
                .onFailure(e -> ctx.response()
                        .setStatusCode(NOT_FOUND)
                        .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
                        .end("Cannot read the OpenAPI document " + openApiDocument + ": " + e.getMessage() + "\n"));
    }

    /** The webjar's folder is named after its version; its Maven metadata says which one is on the classpath. */
    private static String swaggerUiVersion() {
        Properties properties = new Properties();
        try (InputStream in = ApiDocs.class.getClassLoader().getResourceAsStream(WEBJAR_PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException("Swagger UI (org.webjars:swagger-ui) is not on the classpath");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(WEBJAR_PROPERTIES, e);
        }
        return properties.getProperty("version");
    }

    private static byte[] resource(String name) {
        try (InputStream in = ApiDocs.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the local runtime's jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(name, e);
        }
    }
}
