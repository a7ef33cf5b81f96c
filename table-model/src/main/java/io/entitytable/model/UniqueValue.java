package io.entitytable.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The marker that a value of a field declared unique ({@link Field#unique}) is taken in its business: key {@code
 * unique#<businessId>#<entity>#<field>} / the value (as stored: normalised, so in any letter case for a lower-cased
 * field), naming the subject that holds it. The API puts it in the transaction that gives a subject the value, on
 * condition that the key is new, so two subjects can never hold one value; it deletes it in the transaction that takes
 * the value away (a change or a delete), and an erase deletes it with the subject.
 *
 * @param subject {@code <entity>#<id>} of the subject that holds the value
 */
public record UniqueValue(ItemKey key, String field, String value, String subject) {

    /** The markers of every unique field {@code item} has a value for. */
    public static List<UniqueValue> of(DeclaredItem item) {
        List<UniqueValue> markers = new ArrayList<>();
        for (Field field : item.entity().fields()) {
            if (field.isUnique()) {
                Object value = item.values().get(field.name());
                if (value != null) {
                    markers.add(new UniqueValue(
                            new ItemKey(
                                    Keys.uniqueValuesId(item.businessId(), item.entity(), field.name()),
                                    value.toString()),
                            field.name(),
                            value.toString(),
                            Keys.subjectRef(item.entity(), item.id())));
                }
            }
        }
        return markers;
    }

    /** The markers of a core item. */
    public static List<UniqueValue> ofCore(Map<String, AttributeValue> item) {
        return of(CoreItem.from(item));
    }

    /** The marker of {@code field} among {@code markers}, if the subject has a value for it. */
    public static Optional<UniqueValue> forField(List<UniqueValue> markers, String field) {
        return markers.stream().filter(marker -> marker.field().equals(field)).findFirst();
    }

    /** The item as stored. */
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(key.id()));
        item.put(Attributes.TYPE, Values.s(key.type()));
        item.put(Attributes.KIND, Values.s(ItemKind.UNIQUE.value()));
        item.put(Attributes.HOLDER, Values.s(subject));
        return item;
    }
}
