package io.entitytable.api.declared;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The entities declared by their fields in this JVM (found through {@code EntityDeclarations}, which the functions pom
 * names the test sources' declarations to), and valid values for them taken from their fields' examples: a declaration
 * added there is found with no change to the tests that use it.
 */
final class DeclaredEntities {
    /** The subjects made here, counted so that each holds unique values of its own. */
    private static final AtomicInteger MADE = new AtomicInteger(1000);

    private DeclaredEntities() {}

    /**
     * Every entity declared by its fields that the generic routes serve, the test sources' declarations included: the
     * business's children. The tenant's routes are its resources' own, in the corpora of every route.
     */
    static List<Entity> all() {
        assumeTrue(
                System.getProperty(EntityDeclarations.PROPERTY) != null,
                "the declarations are named in the declared-entities test run only");
        List<Entity> declared =
                Entity.all().stream().filter(entity -> !entity.isTenant()).toList();
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

    /**
     * Where a new subject of {@code entity} in {@code business} is made: the business's collection, or a parent
     * subject's ({@link Entity#parent}: {@code /customers/<id>/visits}), made here for it by an operator.
     */
    static String createPath(Entity entity, String business) {
        String parentPath = entity.parent()
                .map(parent -> "/" + parent.collection() + "/" + created(parent, business))
                .orElse("/businesses/" + business);
        return parentPath + "/" + entity.collection();
    }

    /** A new subject of {@code entity} in {@code business}, made by an operator: its id. */
    static String created(Entity entity, String business) {
        HttpResponse<String> response = RawRequests.send(RawRequests.Request.of(
                "POST",
                createPath(entity, business),
                Map.of("Content-Type", "application/json"),
                Json.write(validBody(entity, MADE.incrementAndGet()))));
        if (response.statusCode() != 201) {
            throw new IllegalStateException("the " + entity + " was not made: " + response.body());
        }
        return Json.read(response.body()).path("id").asText();
    }

    /** A field a change may set (not immutable, with an example), if the entity has one. */
    static java.util.Optional<Field> changeable(Entity entity) {
        return entity.fields().stream()
                .filter(field -> !field.isImmutable() && field.example() != null)
                .findFirst();
    }
}
