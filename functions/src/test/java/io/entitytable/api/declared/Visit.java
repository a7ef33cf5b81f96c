package io.entitytable.api.declared;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import java.util.List;
import java.util.Map;

/**
 * A customer's visit to its business, declared in test sources only: a child of the customer and sorted by the time it
 * was recorded, as an order is, so its customer lists its visits newest first, and its business lists them newest
 * first and reads a range of times as one key condition, in one outcome as an order's business does in one status,
 * PLANNED unless its create says otherwise, as an order is OPEN. Its topics are items of its own in its item
 * collection, as an order's lines are, and their person-minutes and its topics' minutes are made of what it is given,
 * as an order's line amounts and total are. It is held in a set of rooms, and its topics' titles make a set, as an
 * order's lines make its set of SKUs. Its business's lists take its purpose and its least minutes as filters, as
 * a business's orders take a card and a least total. It holds its visitor's name as the customer's was when it was
 * recorded, and the address it took place at, chosen by label from the customer's mailing addresses, as an order holds
 * its customer's name and ship-to. Named to {@code
 * EntityDeclarations} beside {@link Article} and {@link Member} in the JVM of the tests of declared entities (the
 * functions pom).
 */
public final class Visit implements EntityDeclarations {
    public static final Entity ENTITY = Entity.define(Entity.declared("visit", "visits")
            .fields(
                    Field.text("purpose").required().between(1, 200).example("Quarterly review"),
                    Field.wholeNumber("minutes").between(1, 1440).example(45L),
                    Field.items(
                                    "topics",
                                    "topic",
                                    Field.text("title")
                                            .required()
                                            .between(1, 100)
                                            .example("Budget"),
                                    Field.wholeNumber("minutes").between(1, 600).example(15L),
                                    Field.wholeNumber("attendees")
                                            .between(1, 50)
                                            .byDefault(1L),
                                    Field.wholeNumber("personMinutes")
                                            .between(1, 30_000)
                                            .derived(
                                                    "minutes × attendees",
                                                    List.of("minutes", "attendees"),
                                                    Visit::personMinutes))
                            .between(1, 5),
                    Field.textSet(
                                    "rooms",
                                    Field.text("room")
                                            .between(1, 20)
                                            .upperCased()
                                            .matching("[A-Z0-9-]+", "must be capitals, digits and '-'")
                                            .example("B-12"))
                            .between(1, 5),
                    Field.textSet("titles", Field.text("title").between(1, 100))
                            .derived("its topics' titles", List.of("topics"), Visit::titles),
                    Field.wholeNumber("topicMinutes")
                            .between(1, 3_000)
                            .derived("the sum of its topics' minutes", List.of("topics"), Visit::topicMinutes),
                    Field.object(
                                    "visitor",
                                    Field.text(Attributes.FIRST_NAME)
                                            .between(1, 100)
                                            .example("Ada"),
                                    Field.text(Attributes.LAST_NAME)
                                            .between(1, 100)
                                            .example("Lovelace"))
                            .copiedFromParent(),
                    Field.chosenFromParent(
                            "address",
                            Entity.CUSTOMER.field(Attributes.MAILING_ADDRESSES).orElseThrow()),
                    Field.text("outcome")
                            .upperCased()
                            .matching("PLANNED|HELD|MISSED", "must be PLANNED, HELD or MISSED")
                            .byDefault("PLANNED")
                            .example("HELD"))
            .sortedByCreation()
            .groupedBy("outcome")
            .filterableBy("purpose", "minutes")
            .childOf(Entity.CUSTOMER));

    /** A topic's minutes times its attendees; none for a topic of no given length. */
    private static Long personMinutes(Map<String, Object> topic) {
        return topic.get("minutes") instanceof Long minutes ? minutes * (Long) topic.get("attendees") : null;
    }

    /** Its topics' titles, each once; none without topics. */
    private static List<Object> titles(Map<String, Object> visit) {
        if (!(visit.get("topics") instanceof List<?> topics)) {
            return null;
        }
        return topics.stream()
                .<Object>map(topic -> ((Map<?, ?>) topic).get("title"))
                .toList();
    }

    /** The sum of its topics' minutes; none when no topic says how long it took. */
    private static Long topicMinutes(Map<String, Object> visit) {
        if (!(visit.get("topics") instanceof List<?> topics)) {
            return null;
        }
        List<Long> minutes = topics.stream()
                .map(topic -> ((Map<?, ?>) topic).get("minutes"))
                .filter(Long.class::isInstance)
                .map(Long.class::cast)
                .toList();
        return minutes.isEmpty()
                ? null
                : minutes.stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public List<Entity> entities() {
        return List.of(ENTITY);
    }
}
