package io.entitytable.model.declarations;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.EntityDeclarations;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A team's declarations are found as its jar names them: in a class loader of its own (this JVM's class path and a
 * folder with the services file), the domain knows the declared entity with nothing else naming it.
 */
class EntityDeclarationsTest {
    @TempDir
    Path services;

    @Test
    void all_shouldHoldTheEntitiesOfEveryDeclarationNamedInMetaInfServices() throws Exception {
        // GIVEN a services file naming a declaration, beside the class path
        Path file = services.resolve("META-INF/services/" + EntityDeclarations.class.getName());
        Files.createDirectories(file.getParent());
        Files.writeString(file, ServiceLoadedDeclaration.class.getName() + "\n");
        try (URLClassLoader loader = isolated(services)) {
            Class<?> entity = loader.loadClass("io.entitytable.model.Entity");

            // WHEN the domain is asked, first by a key name and then for every entity
            Optional<?> byKeyName =
                    (Optional<?>) entity.getMethod("fromKeyName", String.class).invoke(null, "gadget");
            List<?> all = (List<?>) entity.getMethod("all").invoke(null);

            // THEN the declared entity is there, after the domain's own
            assertThat(byKeyName).isPresent();
            List<Object> names = new ArrayList<>();
            for (Object each : all) {
                names.add(entity.getMethod("keyName").invoke(each));
            }
            assertThat(names).endsWith("gadget").contains("business", "order");
        }
    }

    @Test
    void all_shouldNotHoldIt_whenNoServicesFileNamesIt() throws Exception {
        try (URLClassLoader loader = isolated(null)) {
            Class<?> entity = loader.loadClass("io.entitytable.model.Entity");
            Optional<?> byKeyName =
                    (Optional<?>) entity.getMethod("fromKeyName", String.class).invoke(null, "gadget");
            assertThat(byKeyName).isEmpty();
        }
    }

    /** This JVM's class path, and {@code extra}, loaded again apart from the classes this test already loaded. */
    private static URLClassLoader isolated(Path extra) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        if (extra != null) {
            urls.add(extra.toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }
}
