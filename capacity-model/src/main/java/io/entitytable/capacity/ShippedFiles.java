package io.entitytable.capacity;

import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The JSON files the model's jar ships beside its classes: the workloads and the prices. */
final class ShippedFiles {
    private ShippedFiles() {}

    /** The shipped file {@code name}, relative to this package, read by {@code reader}. */
    static <T> T read(String name, ObjectReader reader) {
        try (InputStream in = ShippedFiles.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no " + name + " beside " + ShippedFiles.class.getName());
            }
            return reader.readValue(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
