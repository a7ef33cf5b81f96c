package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Entity;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The export's schema is a document, written by hand, so a build cannot derive its kinds from the definitions: these
 * tests fail, naming the entity, when an entity of the domain is defined and the file cannot carry it (no codec, no
 * line in {@code docs/tenant-export.schema.json}), and when the codec carries a kind the schema does not list.
 */
class ExportSchemaEntitiesTest {
    private static final Path SCHEMA = Path.of("../../docs/tenant-export.schema.json");

    @Test
    void everyEntityOfTheDomain_shouldBeCarriedByTheCodec_andListedInTheSchema() throws IOException {
        // GIVEN the entities main code defines (test sources may define more, which the export refuses instead)
        List<Entity> domain = domainEntities();
        assertThat(domain).contains(Entity.BUSINESS, Entity.CUSTOMER, Entity.STORE, Entity.ORDER);
        Listed schema = listed();

        // WHEN each is looked for
        List<String> missing = new ArrayList<>();
        for (Entity entity : domain) {
            missing.addAll(missingFrom(schema, entity));
        }

        // THEN none is missing anywhere
        assertThat(missing)
                .as("add the entity to SubjectCodec and to docs/tenant-export.schema.json (a line of its kind and"
                        + " end.subjects)")
                .isEmpty();
    }

    @Test
    void everyKindTheCodecCarries_shouldBeListedInTheSchema() throws IOException {
        Listed schema = listed();
        List<String> missing = new ArrayList<>();
        for (Entity entity : Entity.all()) {
            if (SubjectCodec.carries(entity)) {
                missing.addAll(missingFrom(schema, entity));
            }
        }
        assertThat(missing).isEmpty();
    }

    private static List<String> missingFrom(Listed schema, Entity entity) {
        List<String> missing = new ArrayList<>();
        String kind = entity.keyName();
        if (!SubjectCodec.carries(entity)) {
            missing.add(kind + ": no representation in SubjectCodec");
        }
        if (!schema.lineKinds().contains(kind)) {
            missing.add(kind + ": no line of kind '" + kind + "' in the schema's oneOf");
        }
        if (!schema.endKinds().contains(kind)) {
            missing.add(kind + ": not in the schema's end.subjects names");
        }
        return missing;
    }

    /** The entities defined in main code: the constants of {@link Entity}. */
    private static List<Entity> domainEntities() {
        return Arrays.stream(Entity.class.getFields())
                .filter(field -> field.getType() == Entity.class && Modifier.isStatic(field.getModifiers()))
                .map(ExportSchemaEntitiesTest::value)
                .toList();
    }

    private static Entity value(Field field) {
        try {
            return (Entity) field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The kinds of the subject lines the schema's {@code oneOf} admits, and the names its end line counts. */
    private record Listed(Set<String> lineKinds, Set<String> endKinds) {}

    private static Listed listed() throws IOException {
        JsonNode schema = new ObjectMapper().readTree(SCHEMA.toFile());
        JsonNode defs = schema.get("$defs");
        Set<String> lineKinds = new HashSet<>();
        for (JsonNode option : schema.get("oneOf")) {
            String ref = option.get("$ref").asText();
            JsonNode properties =
                    defs.path(ref.substring(ref.lastIndexOf('/') + 1)).path("properties");
            if (properties.has("subject")) {
                lineKinds.add(properties.path("kind").path("const").asText());
            }
        }
        Set<String> endKinds = new HashSet<>();
        defs.path("end")
                .path("properties")
                .path("subjects")
                .path("propertyNames")
                .path("enum")
                .forEach(name -> endKinds.add(name.asText()));
        return new Listed(lineKinds, endKinds);
    }
}
