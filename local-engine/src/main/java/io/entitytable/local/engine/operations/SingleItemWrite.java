package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.BiFunction;

/**
 * PutItem and DeleteItem: the write {@code parse} makes of the request, answered with the old item when asked
 * ({@code ReturnValues} ALL_OLD) and the capacity it consumed.
 */
record SingleItemWrite(Database database, BiFunction<Database, ObjectNode, ItemWrites.SingleWrite> parse)
        implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        String returnValues = ItemWrites.oldOrNone(request);
        String capacityMode = Capacity.mode(request);
        ItemWrites.SingleWrite single = parse.apply(database, request);
        Change change = ItemWrites.write(database, single.table(), single.key(), single::decide);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        if (returnValues.equals("ALL_OLD")) {
            ItemWrites.putAttributes(answer, change.before());
        }
        if (!capacityMode.equals("NONE")) {
            Capacity capacity = new Capacity(single.table().name(), true);
            capacity.addWrite(single.table(), change.before(), change.after(), 1);
            ItemWrites.putCapacity(answer, capacity, capacityMode);
        }
        return answer;
    }
}
