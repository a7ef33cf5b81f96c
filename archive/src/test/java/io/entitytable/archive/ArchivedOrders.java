package io.entitytable.archive;

import io.entitytable.model.Address;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Orders as the table stores them, and their archived form, for the archive's tests. */
final class ArchivedOrders {
    static final Instant ARCHIVED_AT = Instant.parse("2027-03-01T02:00:00.123456Z");

    private ArchivedOrders() {}

    /** A shipped order of two lines, created at {@code createdAt} (microseconds kept, as the API stores them). */
    static DeclaredItem order(String businessId, String customerId, Instant createdAt) {
        return SampleSubjects.order(
                Ids.newId(),
                businessId,
                customerId,
                "Zoë",
                "Núñez",
                new Address("1 Calle Mayor", "Málaga", null, "29001", "ES").values(),
                "SHIPPED",
                "4242",
                SampleSubjects.lines(),
                new CoreFields(Set.of("gift", "vip"), 4, createdAt, createdAt.plusSeconds(3600)),
                Shard.of(3));
    }

    /** The order's item collection in the order a Query {@code id = <orderId>} returns it: lines sort first. */
    static List<Map<String, AttributeValue>> queried(DeclaredItem order) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(order.collectionItems());
        items.add(order.toItem());
        return items;
    }

    static ArchivedOrder archived(String businessId, String customerId, Instant createdAt) {
        return ArchivedOrder.of(queried(order(businessId, customerId, createdAt)), ARCHIVED_AT);
    }

    /**
     * An archived order whose order item also holds a value of every type DynamoDB has, nested ones too: what a
     * declared field or an attribute this code does not know could hold.
     */
    static ArchivedOrder withEveryType(String businessId, String customerId, Instant createdAt) {
        DeclaredItem order = order(businessId, customerId, createdAt);
        List<Map<String, AttributeValue>> items = queried(order);
        Map<String, AttributeValue> orderItem = new LinkedHashMap<>(items.remove(items.size() - 1));
        orderItem.putAll(everyType());
        orderItem.put("nested", AttributeValue.fromM(everyType()));
        orderItem.put("listed", AttributeValue.fromL(List.copyOf(everyType().values())));
        items.add(orderItem);
        return ArchivedOrder.of(items, ARCHIVED_AT);
    }

    private static Map<String, AttributeValue> everyType() {
        return Map.ofEntries(
                Map.entry("aString", AttributeValue.fromS("Crème \"brûlée\" \\ ☕ 𝄞\n")),
                Map.entry("aNumber", AttributeValue.fromN("-12345678901234567890.000000000000000000001")),
                Map.entry("aBinary", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, -1, 42, 127, -128}))),
                Map.entry("aTrue", AttributeValue.fromBool(true)),
                Map.entry("aFalse", AttributeValue.fromBool(false)),
                Map.entry("aNull", AttributeValue.fromNul(true)),
                Map.entry("strings", AttributeValue.fromSs(List.of("b", "a", "ä"))),
                Map.entry("numbers", AttributeValue.fromNs(List.of("1", "1.50", "-7E+3"))),
                Map.entry(
                        "binaries",
                        AttributeValue.fromBs(List.of(
                                SdkBytes.fromByteArray(new byte[] {1}), SdkBytes.fromByteArray(new byte[] {2, 3})))),
                Map.entry("emptyList", AttributeValue.fromL(List.of())),
                Map.entry("emptyMap", AttributeValue.fromM(Map.of())),
                Map.entry("emptyString", AttributeValue.fromS("")));
    }
}
