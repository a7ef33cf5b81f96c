package io.entitytable.model.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The business an item belongs to, which decides which table serves it while the table moves: its {@code businessId}
 * (core items, jobs), else its partition key where that names the business ({@link Keys#businessOfPartition}), else
 * the business of its partition's subject (an order's lines, a subject's edges and tombstone), which {@code
 * partitionLookup} finds in the table and this class remembers: a subject never changes business.
 *
 * <p>Items of no business (rate and idempotency items, backfill progress, route items) are the table's own.
 */
public final class ItemOwner {
    private final Function<String, Optional<String>> partitionLookup;
    private final Map<String, String> known = new ConcurrentHashMap<>();

    /** @param partitionLookup the business of the subject whose partition is the given id, read from the table */
    public ItemOwner(Function<String, Optional<String>> partitionLookup) {
        this.partitionLookup = partitionLookup;
    }

    /** The owner of the items of {@code table}, reading a partition strongly consistently where its key is silent. */
    public static ItemOwner readingFrom(DynamoDbClient dynamo, String table) {
        Expression named = Expression.builder()
                .expression("attribute_exists(#business)")
                .putExpressionName("#business", Attributes.BUSINESS_ID)
                .build();
        return new ItemOwner(id -> dynamo
                .queryPaginator(PartitionQuery.partition(null, id)
                        .consistentRead()
                        .filtered(named)
                        .toRequest(table))
                .items()
                .stream()
                .findFirst()
                .map(item -> Values.string(item, Attributes.BUSINESS_ID)));
    }

    /**
     * Remembers the business of {@code item}'s partition when the item names it: a whole Scan learns every subject's
     * business this way before asking for any, since a partition's lines and edges sort before its core item.
     */
    public void learn(Map<String, AttributeValue> item) {
        if (item.containsKey(Attributes.BUSINESS_ID)) {
            known.putIfAbsent(Values.string(item, Attributes.ID), Values.string(item, Attributes.BUSINESS_ID));
        }
    }

    public Optional<String> businessOf(Map<String, AttributeValue> item) {
        String kind = item.containsKey(Attributes.KIND) ? Values.string(item, Attributes.KIND) : "";
        if (isTableItem(kind)) {
            return Optional.empty();
        }
        String id = Values.string(item, Attributes.ID);
        if (item.containsKey(Attributes.BUSINESS_ID)) {
            String business = Values.string(item, Attributes.BUSINESS_ID);
            known.putIfAbsent(id, business);
            return Optional.of(business);
        }
        if (Keys.BUSINESS_TYPE.equals(Values.string(item, Attributes.TYPE))) {
            return Optional.of(id);
        }
        Optional<String> named = Keys.businessOfPartition(id);
        if (named.isPresent()) {
            return named;
        }
        String cached = known.get(id);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<String> looked = partitionLookup.apply(id);
        looked.ifPresent(business -> known.put(id, business));
        return looked;
    }

    /** Whether items of {@code kind} are the table's own rather than a business's. */
    public static boolean isTableItem(String kind) {
        return kind.equals(ItemKind.RATE.value())
                || kind.equals(ItemKind.IDEMPOTENCY.value())
                || kind.equals(ItemKind.BACKFILL.value())
                || kind.equals(ItemKind.ROUTE.value())
                || kind.equals(ItemKind.MARK.value());
    }
}
