package io.entitytable.api.contract;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Installs {@link OpenApiConformance#filter()} into RestAssured before every test, so every response a test receives
 * through RestAssured is checked against {@code openapi.json}. Registered for the whole module through {@code
 * META-INF/services} and {@code junit-platform.properties}.
 *
 * <p>A {@code @QuarkusTest} class is loaded by Quarkus's class loader, with its own copy of RestAssured (the one
 * Quarkus points at the application); this extension is loaded by JUnit's. So the filter is installed through the
 * test instance's class loader, into the RestAssured the test actually calls.
 */
public class OpenApiConformanceExtension implements BeforeEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        ClassLoader loader = context.getRequiredTestInstance().getClass().getClassLoader();
        Class.forName(OpenApiConformance.class.getName(), true, loader)
                .getMethod("installRestAssuredFilter")
                .invoke(null);
    }
}
