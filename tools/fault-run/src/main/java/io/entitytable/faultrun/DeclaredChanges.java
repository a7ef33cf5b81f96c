package io.entitytable.faultrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * A change of a subject that keeps its key, made from its entity's declaration: a random one of the fields a change
 * may give (neither derived, copied nor immutable) that are no part of its name (a rename moves the key, and the client
 * sends renames apart), valued from the declaration. An entity with no such field is tagged and deleted, not changed.
 *
 * <p>Only text and objects of text and whole numbers are valued: values by label are left alone, since an order
 * chooses its ship-to address by a label its customer holds, and a change that dropped the label would refuse every
 * order after it.
 */
final class DeclaredChanges {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Put before an example, so that clients write different values and meet on the same ones. */
    private static final List<String> VARIANTS = List.of("ann", "bob", "cara", "dev", "eve");
    /** A shape that is a choice of words ({@code OPEN|PAID|...}): a change picks one of them. */
    private static final Pattern WORDS = Pattern.compile("[A-Za-z]+(?:\\|[A-Za-z]+)+");

    private DeclaredChanges() {}

    /** Whether a change of {@code entity} has a field to give. */
    static boolean changes(Entity entity) {
        return !changeable(entity).isEmpty();
    }

    /** A body that changes one of {@code entity}'s fields, each value one its declaration takes. */
    static ObjectNode of(Entity entity, Random random) {
        List<Field> fields = changeable(entity);
        Field field = fields.get(random.nextInt(fields.size()));
        return JSON.createObjectNode().set(field.name(), valueOf(field, random).orElseThrow());
    }

    private static List<Field> changeable(Entity entity) {
        return entity.fields().stream()
                .filter(field -> !field.isDerived() && !field.isCopiedFromParent() && !field.isImmutable())
                .filter(field -> !entity.sortFields().contains(field))
                .filter(field -> valueOf(field, new Random(0)).isPresent())
                .toList();
    }

    /** A value {@code field} takes, or none where it cannot be made from the declaration. */
    private static Optional<JsonNode> valueOf(Field field, Random random) {
        return switch (field.kind()) {
            case TEXT -> text(field, random).map(JSON::valueToTree);
            case WHOLE_NUMBER -> Optional.of(JSON.valueToTree(
                    field.min() + random.nextInt((int) Math.min(Integer.MAX_VALUE, field.max() - field.min() + 1))));
            case OBJECT -> object(field, random);
            case ITEMS, LABELLED, TEXT_SET -> Optional.empty();
        };
    }

    private static Optional<String> text(Field field, Random random) {
        if (field.shape() != null && WORDS.matcher(field.shape().pattern()).matches()) {
            String[] words = field.shape().pattern().split("\\|");
            return Optional.of(words[random.nextInt(words.length)]);
        }
        if (!(field.example() instanceof String example)) {
            return Optional.empty();
        }
        String varied = VARIANTS.get(random.nextInt(VARIANTS.size())) + "." + example;
        return Optional.of(field.problem(varied).isEmpty() ? varied : example);
    }

    /** An object of its members' values; none when a required member has none. */
    private static Optional<JsonNode> object(Field field, Random random) {
        ObjectNode object = JSON.createObjectNode();
        for (Field member : field.members()) {
            Optional<JsonNode> value = valueOf(member, random);
            if (value.isPresent()) {
                object.set(member.name(), value.get());
            } else if (member.isRequired()) {
                return Optional.empty();
            }
        }
        return object.isEmpty() ? Optional.empty() : Optional.of(object);
    }
}
