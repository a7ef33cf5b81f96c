package io.entitytable.api.contract;

import io.entitytable.api.routes.ApiRoutes;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How the contract names an entity in prose: made from its key name, so none is written out (its names in the document
 * are {@link ApiRoutes}'s).
 */
final class EntityNames {
    private EntityNames() {}

    /**
     * The entities the generic routes serve: a business's children. The tenant's routes are its resources' own, and the
     * document has them as the generator writes them.
     */
    static List<Entity> children() {
        return Entity.all().stream().filter(entity -> !entity.isTenant()).toList();
    }

    /** Its unique fields' names, "sku, barcode"; empty when it has none. */
    static String uniqueFields(Entity entity) {
        return entity.fields().stream().filter(Field::isUnique).map(Field::name).collect(Collectors.joining(", "));
    }

    /** "a store", "an order": by the first letter, which is right for the nouns entities are named by. */
    static String withArticle(Entity entity) {
        String noun = entity.keyName();
        return ("aeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
    }

    /** {@link #withArticle}, to begin a sentence: {@code An order}. */
    static String withCapitalArticle(Entity entity) {
        String named = withArticle(entity);
        return Character.toUpperCase(named.charAt(0)) + named.substring(1);
    }
}
