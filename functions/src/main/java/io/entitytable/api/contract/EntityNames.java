package io.entitytable.api.contract;

import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the contract names an entity in prose and in the document: made from its key name, so none is written out. */
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

    /** "Products", from its collection: the document's tag of its operations and the word in its list's operationId. */
    static String plural(Entity entity) {
        String collection = entity.collection();
        return collection.substring(0, 1).toUpperCase(Locale.ROOT) + collection.substring(1);
    }

    /**
     * The operationId of its business's list: by the name of its list by fields, {@code listStoresByLocation}; else by
     * name for an entity named in its sort key, {@code listCustomersByName}; else {@code listProducts}.
     */
    static String listOperation(Entity entity) {
        String list = "list" + plural(entity);
        return entity.fieldList()
                .map(fields -> list + "By" + fields.name().substring(0, 1).toUpperCase(Locale.ROOT)
                        + fields.name().substring(1))
                .orElse(entity.sortFields().isEmpty() ? list : list + "ByName");
    }

    /** Its schema's name and the word in its operationIds: {@code Store}, as in {@code tagStore}. */
    static String typeName(Entity entity) {
        String name = entity.keyName();
        return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
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
