package io.entitytable.api.declared;

import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The entities declared by their fields in this JVM, and valid values for them taken from their fields' examples. A
 * declaration registers its entity when its class is initialised, so every class of this package (where test sources
 * declare entities) is initialised first: a declaration added here is found with no change to the tests that use it.
 */
final class DeclaredEntities {
    private DeclaredEntities() {}

    /** Every entity declared by its fields, the test sources' declarations included. */
    static List<Entity> all() {
        initialiseThisPackage();
        List<Entity> declared = Entity.all().stream().filter(Entity::isDeclared).toList();
        if (declared.isEmpty()) {
            throw new IllegalStateException("no entity declared by its fields: the corpus would be empty");
        }
        return declared;
    }

    /**
     * A valid body for a new subject: every field with an example, unique fields at their {@code n}th valid value (so
     * that subjects made with different {@code n} hold different unique values).
     */
    static Map<String, Object> validBody(Entity entity, int n) {
        Map<String, Object> body = new LinkedHashMap<>();
        for (Field field : entity.fields()) {
            if (field.example() == null) {
                if (field.isRequired()) {
                    throw new IllegalStateException(
                            entity.keyName() + "." + field.name() + " is required but declares no example");
                }
                continue;
            }
            body.put(field.name(), field.isUnique() ? FieldValues.valid(field, n) : field.example());
        }
        return body;
    }

    /** A field a change may set (not immutable, with an example), if the entity has one. */
    static java.util.Optional<Field> changeable(Entity entity) {
        return entity.fields().stream()
                .filter(field -> !field.isImmutable() && field.example() != null)
                .findFirst();
    }

    private static void initialiseThisPackage() {
        ClassLoader loader = DeclaredEntities.class.getClassLoader();
        String folder = DeclaredEntities.class.getPackageName().replace('.', '/');
        try {
            URL location = loader.getResource(folder);
            if (location == null || !"file".equals(location.getProtocol())) {
                return; // not a folder of classes: only the entities already initialised are found
            }
            Path root = Path.of(location.toURI());
            try (Stream<Path> classes = Files.walk(root)) {
                for (Path file : classes.filter(path -> path.toString().endsWith(".class"))
                        .toList()) {
                    String relative = root.relativize(file).toString().replace(java.io.File.separatorChar, '.');
                    String name = DeclaredEntities.class.getPackageName() + "."
                            + relative.substring(0, relative.length() - ".class".length());
                    Class.forName(name, true, loader);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
