package io.entitytable.transfer;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** TEST ONLY: {@code docs/tenant-export.schema.json}, the documented format, as a validator of single lines. */
final class ExportSchema {
    private static final Path FILE = Path.of("../../docs/tenant-export.schema.json");

    private final JsonSchema schema;

    private ExportSchema(JsonSchema schema) {
        this.schema = schema;
    }

    static ExportSchema load() throws IOException {
        try (InputStream in = Files.newInputStream(FILE)) {
            return new ExportSchema(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(in));
        }
    }

    /** What the schema finds wrong with {@code line}; empty when it is a valid line. */
    List<String> errors(JsonNode line) {
        Set<ValidationMessage> messages = schema.validate(line);
        return messages.stream().map(ValidationMessage::getMessage).toList();
    }
}
