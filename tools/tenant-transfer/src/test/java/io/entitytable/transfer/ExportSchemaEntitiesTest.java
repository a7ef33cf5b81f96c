package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import io.entitytable.model.supplier.Supplier;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The export's schema is a document, written by hand, so a build cannot derive it from the definitions: these tests
 * fail, naming the entity, when an entity is defined and the file cannot carry it. Every entity is carried by the
 * codec and the schema's declared line, with no line of its own, so the test writes a line of each as the export
 * writes it, from its declaration, and asks the schema for it. Every entity defined in this JVM is asked for, the test
 * sources' supplier among them.
 */
class ExportSchemaEntitiesTest {
    private static final ObjectMapper JSON = TransferJson.mapper();

    @Test
    void everyEntityOfTheDomain_shouldBeCarriedByTheCodec_andListedInTheSchema() throws IOException {
        // GIVEN the entities main code defines
        List<Entity> domain = domainEntities();
        assertThat(domain).contains(Entity.BUSINESS, Entity.CUSTOMER, Entity.STORE, Entity.ORDER);
        Schema schema = schema();

        // WHEN each is looked for
        List<String> missing = new ArrayList<>();
        for (Entity entity : domain) {
            missing.addAll(missingFrom(schema, entity));
        }

        // THEN none is missing anywhere
        assertThat(missing)
                .as("docs/tenant-export.schema.json's declared line must admit the entity's line")
                .isEmpty();
    }

    @Test
    void everyDefinedEntity_shouldBeCarried_andItsLinesValid_declaredOnesIncluded() throws IOException {
        // GIVEN every entity this JVM defines, a declared one of the test sources among them
        Entity supplier = Supplier.ENTITY; // defined as its class loads: before Entity.all() is read
        assertThat(Entity.all()).contains(supplier);
        Schema schema = schema();

        // WHEN each is looked for
        List<String> missing = new ArrayList<>();
        for (Entity entity : Entity.all()) {
            missing.addAll(missingFrom(schema, entity));
        }

        // THEN none is missing
        assertThat(missing).isEmpty();
    }

    @Test
    void declaredLine_shouldBeRefusedByTheSchema_whenAValueIsNeitherTextNorAWholeNumberNorAnObjectOrSetOfThem()
            throws IOException {
        // GIVEN a supplier's line as the export writes it, valid, its depot an object
        Schema schema = schema();
        ObjectNode line = lineOf(Supplier.ENTITY);
        assertThat(line.at("/subject/depot").isObject()).isTrue();
        assertThat(schema.validator().errors(line)).isEmpty();

        // WHEN a value is a list of numbers, or of a text twice (a set holds each once), WHEN an object holds an
        // object, and WHEN the kind is one with a line of its own
        ObjectNode listValue = line.deepCopy();
        ((ObjectNode) listValue.get("subject")).putArray("name").add(5);
        ObjectNode repeated = line.deepCopy();
        ((ObjectNode) repeated.get("subject")).putArray("regions").add("EU").add("EU");
        ObjectNode nested = line.deepCopy();
        ((ObjectNode) nested.at("/subject/depot")).putObject("city").put("name", "Lyon");
        ObjectNode storeKind = line.deepCopy();
        storeKind.put("kind", "store");

        // THEN the schema refuses each
        assertThat(schema.validator().errors(listValue)).isNotEmpty();
        assertThat(schema.validator().errors(repeated)).isNotEmpty();
        assertThat(schema.validator().errors(nested)).isNotEmpty();
        assertThat(schema.validator().errors(storeKind)).isNotEmpty();
    }

    private static List<String> missingFrom(Schema schema, Entity entity) {
        List<String> missing = new ArrayList<>();
        String kind = entity.keyName();
        ObjectNode line = lineOf(entity);
        List<String> errors = schema.validator().errors(line);
        if (!errors.isEmpty()) {
            missing.add(kind + ": the schema refuses its line " + line + ": " + errors);
        }
        JsonNode end = JSON.valueToTree(TenantFormat.End.of(Map.of(kind, 1L), 1));
        if (!schema.validator().errors(end).isEmpty()) {
            missing.add(kind + ": the end line cannot count it (end.subjects' names)");
        }
        return missing;
    }

    /** A value of {@code field}'s kind where it has no example: a number, a text, or a shape of them. */
    private static Object valueOfKind(io.entitytable.model.Field field) {
        return switch (field.kind()) {
            case WHOLE_NUMBER -> 1L;
            case TEXT -> "text";
            case TEXT_SET -> List.of("text");
            case OBJECT -> membersOfKind(field);
            case ITEMS -> List.of(membersOfKind(field));
            case LABELLED -> Map.of("label", valueOfKind(field.labelledValue()));
        };
    }

    private static Map<String, Object> membersOfKind(io.entitytable.model.Field field) {
        Map<String, Object> members = new LinkedHashMap<>();
        field.members().forEach(member -> members.put(member.name(), valueOfKind(member)));
        return members;
    }

    /**
     * A line of {@code entity} (declared by its fields) as the export writes one: a subject holding every field, each
     * its example or a value of its kind.
     */
    private static ObjectNode lineOf(Entity entity) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (io.entitytable.model.Field field : entity.fields()) {
            Object value = field.storedExample() != null ? field.storedExample() : valueOfKind(field);
            values.put(field.name(), field.normalised(value));
        }
        // A child of another subject (a customer's note) names its parent.
        entity.parentAttribute().ifPresent(attribute -> values.put(attribute, Ids.newId()));
        DeclaredItem subject = new DeclaredItem(
                entity,
                Ids.newId(),
                Ids.newId(),
                values,
                CoreFields.created(Set.of("vip"), Instant.parse("2026-03-04T05:06:07.089Z")),
                Shard.of(3));
        return JSON.valueToTree(TenantFormat.SubjectLine.of(subject));
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

    /** The schema as a validator. */
    private record Schema(ExportSchema validator) {}

    private static Schema schema() throws IOException {
        return new Schema(ExportSchema.load());
    }
}
