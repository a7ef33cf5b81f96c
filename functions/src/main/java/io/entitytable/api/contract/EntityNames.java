package io.entitytable.api.contract;

import io.entitytable.model.Entity;
import java.util.List;
import java.util.Locale;

/** How the contract names an entity in prose and in the document: made from its key name, so none is written out. */
final class EntityNames {
    private EntityNames() {}

    /**
     * The entities the document describes: each of its own records and resources. One declared by its fields is served
     * by routes the document leaves out for now (design §2, "An entity declared by its fields").
     */
    static List<Entity> documented() {
        return Entity.all().stream().filter(entity -> !entity.isDeclared()).toList();
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
}
