package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The table's first layout, which this version no longer reads or writes. It is kept, in this one class, for the two
 * tools that must still know it: {@code table-verify migrate}, which recognises a table of this layout and moves it to
 * {@link TableLayout#ENTITY} (and whose tests write one as the first layout's API and fan-out did), and the capacity
 * model that compares the two layouts. Its key formats live here and nowhere else.
 *
 * <p>The migration reads first-layout core items through the current model ({@code CoreItem.from}), which still
 * reads them: the keys and public attributes of core items did not change, only the index attributes, the counters
 * and the copies around them.
 *
 * <p>How it differs from the current layout: an inverted index on every item's sort key ({@code typeGsi}, which every
 * core item and order line is in), a business in one partition of {@code businessIdGsi}, one tag partition per tag for
 * every business ({@code tag#<t>}), orders by status across every business over a fixed number of shards
 * ({@code ORDERSTATUS#<STATUS>#<n>}), a business's children counted on the business item ({@code childCount}), and
 * copies without {@code source}.
 */
public final class FirstLayout {
    public static final String BUSINESS_ID_GSI = "businessIdGsi";
    public static final String TYPE_GSI = "typeGsi";

    /** The order-status shards of the first layout: its API's default, which deployments did not change. */
    public static final int ORDER_STATUS_SHARDS = 22;

    public static final TableLayout TABLE = new TableLayout(
            TableLayout.ENTITY.defaultTableName(),
            Attributes.ID,
            Attributes.TYPE,
            List.of(
                    TableLayout.IndexLayout.all(BUSINESS_ID_GSI, Attributes.BUSINESS_ID, Attributes.TYPE),
                    TableLayout.IndexLayout.all(TableLayout.CUSTOMER_ID_GSI, Attributes.CUSTOMER_ID, Attributes.TYPE),
                    TableLayout.IndexLayout.include(
                            TYPE_GSI, Attributes.TYPE, Attributes.ID, List.of(Attributes.SOURCE_VERSION)),
                    TableLayout.IndexLayout.all(TableLayout.GSI1, Attributes.GSI1_PK, Attributes.GSI1_SK)),
            StreamViewType.NEW_AND_OLD_IMAGES);

    private static final String TAG_PREFIX = "tag" + Keys.SEPARATOR;

    private FirstLayout() {}

    /** True when {@code table} has the first layout's keys, indexes and stream. */
    public static boolean matches(TableDescription table) {
        return TABLE.differencesFrom(table).isEmpty();
    }

    /**
     * The item the first layout's API wrote for {@code subject}, with the counters it kept on core items: a
     * business's {@code childCount}, a store's {@code linkCount}.
     *
     * @param counter the business's {@code childCount} or the store's {@code linkCount}; ignored for other entities
     */
    public static Map<String, AttributeValue> coreItem(CoreItem subject, long counter) {
        Map<String, AttributeValue> item = itemOf(subject.toItem());
        // The first layout kept its counters on core items: the tenant counted its children, a link's target its links.
        if (subject.entity().isTenant()) {
            item.put(Attributes.CHILD_COUNT, Values.n(counter));
        } else if (subject.entity().linkedBy().isPresent()) {
            item.put(Attributes.LINK_COUNT, Values.n(counter));
        }
        return item;
    }

    /** A copy as the first layout's fan-out wrote it: the current copy at {@code partition}, without {@code source}. */
    public static Map<String, AttributeValue> copyItem(
            String partition, Map<String, AttributeValue> sourceImage, ItemKind kind) {
        String subject = Keys.subjectRef(CoreItem.entityOf(sourceImage), Values.string(sourceImage, Attributes.ID));
        return itemOf(RelationshipCatalogue.copyItem(
                new RelationshipCatalogue.Duplicate(partition, subject, kind), sourceImage));
    }

    /** {@code tag#<t>}: the one partition of a tag, shared by every business. */
    public static String tagPartition(String tag) {
        return TAG_PREFIX + tag;
    }

    /** The tag of a first-layout tag partition, if {@code id} is one (never a current {@code tag#<B>#<t>}). */
    public static Optional<String> parseTagPartition(String id) {
        if (!id.startsWith(TAG_PREFIX) || id.indexOf(Keys.SEPARATOR, TAG_PREFIX.length()) >= 0) {
            return Optional.empty();
        }
        String tag = id.substring(TAG_PREFIX.length());
        return tag.isEmpty() ? Optional.empty() : Optional.of(tag);
    }

    /** {@code ORDERSTATUS#<STATUS>#<n>}, {@code n = hash(orderId) mod 22}: every business's orders in one status. */
    public static String orderStatusPartitionOf(String status, String orderId) {
        return orderStatusPk(status, Keys.shardOf(orderId, ORDER_STATUS_SHARDS));
    }

    /** Every partition of a status in the first layout's gsi1. */
    public static List<String> orderStatusPartitions(String status) {
        return IntStream.range(0, ORDER_STATUS_SHARDS)
                .mapToObj(shard -> orderStatusPk(status, shard))
                .toList();
    }

    /**
     * The item the first layout stores for an item of the current layout: the business's index attribute instead of
     * its shard, the status across businesses, the tag partition of every business, no {@code source}; a child
     * counter is the business item's {@code childCount}. Only keys and index attributes change, so sizes stay
     * comparable.
     */
    public static Map<String, AttributeValue> itemOf(Map<String, AttributeValue> current) {
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(current);
        item.remove(Attributes.BUSINESS_SHARD);
        item.remove(Attributes.SOURCE);
        String id = Values.string(current, Attributes.ID);
        if (Keys.COUNTER_TYPE.equals(Values.string(current, Attributes.TYPE))) {
            String businessId = Keys.businessOfChildCounter(id);
            item.put(Attributes.ID, Values.s(businessId));
            item.put(Attributes.TYPE, Values.s(Keys.BUSINESS_TYPE));
            item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
            item.put(Attributes.BUSINESS_ID, Values.s(businessId));
        }
        Keys.parseTagPartition(id).ifPresent(tag -> item.put(Attributes.ID, Values.s(tagPartition(tag.tag()))));
        String gsi1pk = Values.string(current, Attributes.GSI1_PK);
        if (gsi1pk != null && gsi1pk.startsWith(Keys.ORDER_STATUS + Keys.SEPARATOR)) {
            item.put(
                    Attributes.GSI1_PK,
                    Values.s(orderStatusPartitionOf(Values.string(current, Attributes.STATUS), id)));
        }
        return item;
    }

    private static String orderStatusPk(String status, int shard) {
        return String.join(Keys.SEPARATOR, Keys.ORDER_STATUS, status, Integer.toString(shard));
    }
}
