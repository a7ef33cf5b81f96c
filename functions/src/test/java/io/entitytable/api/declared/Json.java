package io.entitytable.api.declared;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** JSON text for the corpus: written by hand where a value must go on the wire exactly as the test means it. */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {}

    static String string(String text) {
        return write(text);
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return MAPPER.missingNode();
        }
    }

    /**
     * An object of {@code body}'s fields, with {@code field} set to the raw JSON {@code rawValue} (left out when null),
     * written by hand so that the raw value is not parsed on the way.
     */
    static String withRaw(Map<String, Object> body, String field, String rawValue) {
        List<String> members = new ArrayList<>();
        body.forEach((name, value) -> {
            if (!name.equals(field)) {
                members.add(string(name) + ":" + write(value));
            }
        });
        if (rawValue != null) {
            members.add(string(field) + ":" + rawValue);
        }
        return "{" + String.join(",", members) + "}";
    }
}
