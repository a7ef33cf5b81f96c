package io.entitytable.verify;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Order;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Store;
import io.entitytable.model.TableLayout;
import io.entitytable.model.TableLayout.IndexLayout;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Layout 1, the first released layout of the table, as far as {@code migrate} and its tests need it, and the only place
 * that spells its key formats. Its indexes were {@code businessIdGsi} (every core item by {@code businessId}, unsharded)
 * and the inverted {@code typeGsi} (every item of the table by {@code type}); its tag copies lived at {@code tag#<t>},
 * one partition per tag for all businesses; a business counted its children in {@code childCount} on its own item; and
 * copies carried no {@code source}.
 *
 * <p>{@code migrate} reads layout-1 items through the current model ({@code CoreItem.from}), which still reads them: the
 * keys and public attributes of the core items did not change, only the index attributes, counters and copies around
 * them. So this class is needed to recognise a layout-1 table and, in the tests, to write one as layout 1's API and
 * fan-out did.
 */
public final class FirstLayout {
    /** Layout 1's name for the index the current layout calls businessGsi (then keyed on businessId itself). */
    static final String BUSINESS_ID_GSI = "businessIdGsi";
    /** Layout 1's inverted index over every item's sort key; the current layout's sourceGsi holds copies only. */
    static final String TYPE_GSI = "typeGsi";

    private static final String TAG = "tag";
    private static final String STORE_LOCATION = "STORE";
    private static final String ORDER_STATUS = "ORDERSTATUS";

    /** Keys, indexes, projections and stream of a layout-1 table, described with the current layout's record. */
    public static final TableLayout LAYOUT = new TableLayout(
            TableLayout.ENTITY.defaultTableName(),
            Attributes.ID,
            Attributes.TYPE,
            List.of(
                    all(BUSINESS_ID_GSI, Attributes.BUSINESS_ID, Attributes.TYPE),
                    all(TableLayout.CUSTOMER_ID_GSI, Attributes.CUSTOMER_ID, Attributes.TYPE),
                    new IndexLayout(
                            TYPE_GSI,
                            Attributes.TYPE,
                            Attributes.ID,
                            ProjectionType.INCLUDE,
                            List.of(Attributes.SOURCE_VERSION)),
                    all(TableLayout.GSI1, Attributes.GSI1_PK, Attributes.GSI1_SK)),
            StreamViewType.NEW_AND_OLD_IMAGES);

    private FirstLayout() {}

    /** True when {@code table} has layout 1's keys, indexes and stream. */
    public static boolean matches(TableDescription table) {
        return LAYOUT.differencesFrom(table).isEmpty();
    }

    /**
     * The item layout 1's API wrote for {@code subject}: the current item without {@code businessShard}, with layout
     * 1's gsi1 keys, plus the counters it kept on core items ({@code childCount} on a business, {@code linkCount} on a
     * store).
     *
     * @param counter the business's {@code childCount} or the store's {@code linkCount}; ignored for other entities
     */
    public static Map<String, AttributeValue> coreItem(CoreItem subject, long counter) {
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(subject.toItem());
        item.remove(Attributes.BUSINESS_SHARD);
        switch (subject.entity()) {
            case BUSINESS -> item.put(Attributes.CHILD_COUNT, Values.n(counter));
            case STORE -> {
                Store store = (Store) subject;
                Address address = store.address();
                item.put(
                        Attributes.GSI1_PK,
                        Values.s(join(STORE_LOCATION, store.businessId(), upper(address.country()))));
                item.put(
                        Attributes.GSI1_SK,
                        Values.s(
                                join(upper(address.state()), upper(address.city()), upper(address.zip()), store.id())));
                item.put(Attributes.LINK_COUNT, Values.n(counter));
            }
            case ORDER -> {
                Order order = (Order) subject;
                item.put(
                        Attributes.GSI1_PK,
                        Values.s(join(ORDER_STATUS, upper(order.status()), Integer.toString(order.statusShard()))));
                item.put(Attributes.GSI1_SK, Values.s(join(Keys.sortableInstant(order.createdAt()), order.id())));
            }
            case CUSTOMER -> {
                // A customer's index attributes (businessId, customerId) are the same in both layouts.
            }
        }
        return item;
    }

    /** {@code tag#<t>}: layout 1's partition of tag t, shared by every business. */
    public static String tagPartition(String tag) {
        return join(TAG, tag);
    }

    /**
     * A copy as layout 1's fan-out wrote it: the current copy of {@code source} at {@code partition}, without {@code
     * source} (layout 1 found copies through typeGsi on their sort key).
     */
    public static Map<String, AttributeValue> copyItem(
            String partition, Map<String, AttributeValue> sourceImage, ItemKind kind) {
        String subject = Keys.subjectRef(CoreItem.entityOf(sourceImage), Values.string(sourceImage, Attributes.ID));
        Map<String, AttributeValue> copy = Values.newItem();
        copy.putAll(RelationshipCatalogue.copyItem(
                new RelationshipCatalogue.Duplicate(partition, subject, kind), sourceImage));
        copy.remove(Attributes.SOURCE);
        return copy;
    }

    private static IndexLayout all(String name, String partitionKey, String sortKey) {
        return new IndexLayout(name, partitionKey, sortKey, ProjectionType.ALL, List.of());
    }

    private static String join(String... parts) {
        return String.join(Keys.SEPARATOR, parts);
    }

    private static String upper(String value) {
        return value.trim().toUpperCase(Locale.ROOT);
    }
}
