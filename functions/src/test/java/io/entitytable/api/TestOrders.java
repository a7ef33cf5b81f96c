package io.entitytable.api;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Shard;
import java.util.List;
import java.util.Map;

/**
 * Orders as the API writes them, for the tests that put an order's items in the table directly or read them back;
 * table-model's test jar has the same builders, but on this module's test class path its classes would load twice
 * (see {@link TestStores}).
 */
public final class TestOrders {
    private TestOrders() {}

    /** An open order of Ann Smith's, paid by visa, shipped to {@code shipTo}: one line of ten blue pens (PEN-1). */
    public static DeclaredItem penOrder(
            String id, String businessId, String customerId, Address shipTo, CoreFields common, Shard shard) {
        return DeclaredItem.of(
                Entity.ORDER,
                id,
                businessId,
                Map.of(
                        Attributes.CUSTOMER_ID,
                        customerId,
                        Attributes.STATUS,
                        "OPEN",
                        Attributes.PAYMENT_CARD,
                        "visa",
                        Attributes.CUSTOMER_SNAPSHOT,
                        Map.of(Attributes.FIRST_NAME, "Ann", Attributes.LAST_NAME, "Smith"),
                        Attributes.SHIP_TO,
                        shipTo.values(),
                        Attributes.LINES,
                        List.of(Map.of(
                                Attributes.SKU,
                                "PEN-1",
                                Attributes.DESCRIPTION,
                                "Blue pens",
                                Attributes.QUANTITY,
                                10,
                                Attributes.UNIT_PRICE_CENTS,
                                150))),
                common,
                shard);
    }
}
