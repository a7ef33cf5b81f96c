package io.entitytable.model.move;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The business of each kind of item, as a move routes it, and the table's own items, which belong to none. */
class ItemOwnerTest {
    private final String business = Ids.newId();
    private final String order = Ids.newId();
    private final List<String> lookedUp = new ArrayList<>();
    private final ItemOwner owner = new ItemOwner(id -> {
        lookedUp.add(id);
        return id.equals(order) ? Optional.of(business) : Optional.empty();
    });

    @Test
    void namesTheBusinessFromTheItemOrItsKey() {
        assertThat(owner.businessOf(item(business, Keys.BUSINESS_TYPE, ItemKind.CORE, true)))
                .contains(business);
        assertThat(owner.businessOf(item(Ids.newId(), "customer#doe.jane", ItemKind.CORE, true)))
                .contains(business);
        assertThat(owner.businessOf(item(Keys.childCounter(business, 3), Keys.COUNTER_TYPE, ItemKind.COUNTER, false)))
                .contains(business);
        assertThat(owner.businessOf(item(Keys.tagPartition(business, "vip", 2), "customer#x", ItemKind.TAG, false)))
                .contains(business);
        assertThat(owner.businessOf(item(Keys.skuPartition(business, "SKU-1", 0), "order#1", ItemKind.SKU, false)))
                .contains(business);
        assertThat(owner.businessOf(
                        item(Keys.uniqueValuesId(business, Entity.CUSTOMER, "email"), "a@b", ItemKind.UNIQUE, false)))
                .contains(business);
        ItemKey erase = EraseJob.keyOf(business);
        assertThat(owner.businessOf(item(erase.id(), erase.type(), ItemKind.ERASE, false)))
                .contains(business);
        assertThat(lookedUp).isEmpty();
    }

    @Test
    void looksUpASubjectsPartitionOnceUnlessAScanTaughtIt() {
        Map<String, AttributeValue> line = item(order, Keys.lineType(1), ItemKind.LINE, false);
        assertThat(owner.businessOf(line)).contains(business);
        assertThat(owner.businessOf(line)).contains(business);
        assertThat(lookedUp).containsExactly(order);

        String customer = Ids.newId();
        owner.learn(item(customer, "customer#doe.john", ItemKind.CORE, true));
        assertThat(owner.businessOf(item(customer, "store#" + Ids.newId(), ItemKind.EDGE, false)))
                .contains(business);
        assertThat(lookedUp).containsExactly(order);
    }

    @Test
    void theTablesOwnItemsBelongToNoBusiness() {
        assertThat(owner.businessOf(new BusinessRoute(business, BusinessRoute.State.MOVED, "T").toItem()))
                .isEmpty();
        assertThat(owner.businessOf(item(Keys.businessRateId(business), Keys.RATE_TYPE, ItemKind.RATE, false)))
                .isEmpty();
        assertThat(lookedUp).isEmpty();
    }

    private Map<String, AttributeValue> item(String id, String type, ItemKind kind, boolean named) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(id));
        item.put(Attributes.TYPE, Values.s(type));
        item.put(Attributes.KIND, Values.s(kind.value()));
        if (named) {
            item.put(Attributes.BUSINESS_ID, Values.s(business));
        }
        return item;
    }
}
