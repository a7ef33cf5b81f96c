package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.tables.Table;

/**
 * The members that Query and Scan both read before their own, in the order DynamoDB checks them.
 *
 * @param capacityMode {@code ReturnConsumedCapacity}
 * @param table the table named
 * @param limit {@code Limit}, or -1
 * @param consistent {@code ConsistentRead}
 */
record ReadRequest(String capacityMode, Table table, int limit, boolean consistent) {
    static ReadRequest of(Database database, ObjectNode request) {
        String capacityMode = Capacity.mode(request);
        Table table = database.table(Requests.tableName(request));
        return new ReadRequest(
                capacityMode,
                table,
                Requests.positiveInt(request, "Limit", "limit", 1),
                Requests.bool(request, "ConsistentRead"));
    }
}
