package io.entitytable.api.events;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The form of the files of {@code events/api}: two spaces a level, {@code "name": value}, one array element a line,
 * a newline at the end. A written event reads like the ones written by hand beside it.
 */
final class EventJson {
    static final ObjectMapper JSON = new ObjectMapper();

    private EventJson() {}

    static String write(JsonNode event) {
        try {
            return JSON.writer(new FilePrinter()).writeValueAsString(event) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode read(String event) {
        try {
            return JSON.readTree(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Jackson's pretty printer with no space before a colon, and arrays broken over lines as objects are. */
    private static final class FilePrinter extends DefaultPrettyPrinter {
        FilePrinter() {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            indentObjectsWith(indenter);
            indentArraysWith(indenter);
        }

        @Override
        public DefaultPrettyPrinter createInstance() {
            return new FilePrinter();
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator generator) throws IOException {
            generator.writeRaw(": ");
        }
    }
}
