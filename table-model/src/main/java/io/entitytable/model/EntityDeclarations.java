package io.entitytable.model;

import java.util.List;
import java.util.ServiceLoader;

/**
 * Where entities declared outside this module are found: a class that defines some ({@link Entity#define}) and is
 * named in {@code META-INF/services/io.entitytable.model.EntityDeclarations} of its jar or classes folder, or in the
 * system property {@value #PROPERTY} (class names, comma-separated: for a class path shared with code that must not
 * see them, as the tests of declared entities share theirs). Every subsystem reads the domain through {@link
 * Entity#all()} and {@link Entity#fromKeyName}, which load these first, so the API, the fan-out, the indexer, the
 * contract and the tools all know a declared entity without naming it.
 */
public interface EntityDeclarations {
    String PROPERTY = "entitytable.declarations";

    /** The entities this class defines. */
    List<Entity> entities();

    /** Loads every declaration on the class path once, on the first question about the domain. */
    final class Loaded {
        private static volatile boolean loaded;
        /** The thread loading them, whose declarations' own class initialisation may ask the domain again. */
        private static Thread loading;

        private Loaded() {}

        /** Other threads wait until the declarations are loaded, so none sees the domain without them. */
        static void ensure() {
            if (loaded) {
                return;
            }
            synchronized (Loaded.class) {
                if (loaded || loading == Thread.currentThread()) {
                    return;
                }
                loading = Thread.currentThread();
                try {
                    ClassLoader loader = EntityDeclarations.class.getClassLoader();
                    ServiceLoader.load(EntityDeclarations.class, loader).forEach(EntityDeclarations::entities);
                    for (String name : System.getProperty(PROPERTY, "").split(",")) {
                        if (!name.isBlank()) {
                            named(name.trim(), loader).entities();
                        }
                    }
                } finally {
                    loading = null;
                    loaded = true;
                }
            }
        }

        private static EntityDeclarations named(String name, ClassLoader loader) {
            try {
                return (EntityDeclarations)
                        Class.forName(name, true, loader).getConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalStateException(
                        PROPERTY + " names " + name + ", which is no EntityDeclarations with a public constructor", e);
            }
        }
    }
}
