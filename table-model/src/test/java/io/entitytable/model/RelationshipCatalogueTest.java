package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.RelationshipCatalogue.Duplicate;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class RelationshipCatalogueTest {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void impliedBy_shouldGiveTagsAndBothEdgeDirections_forCustomer() {
        // GIVEN
        String b = Ids.newId();
        String c = Ids.newId();
        String s = Ids.newId();
        DeclaredItem customer = vipManaging(b, c, s);

        // WHEN
        Set<Duplicate> duplicates = RelationshipCatalogue.impliedBy(customer.toItem());

        // THEN
        assertThat(duplicates)
                .containsExactlyInAnyOrder(
                        new Duplicate("tag#" + b + "#vip", "customer#" + c, ItemKind.TAG),
                        new Duplicate("customer#" + c, "store#" + s, ItemKind.EDGE),
                        new Duplicate("store#" + s, "customer#" + c, ItemKind.EDGE));
    }

    @Test
    void isFoundThroughIndex_shouldHoldOnlyForALinkTargetsCopyInAnOwnersPartition() {
        // GIVEN a customer that is tagged and manages a store: the three kinds of copy its image implies
        String b = Ids.newId();
        String c = Ids.newId();
        String s = Ids.newId();
        DeclaredItem customer = vipManaging(b, c, s);
        Duplicate storeInCustomer = new Duplicate("customer#" + c, "store#" + s, ItemKind.EDGE);
        Duplicate customerInStore = new Duplicate("store#" + s, "customer#" + c, ItemKind.EDGE);
        Duplicate tag = new Duplicate("tag#" + b + "#vip", "customer#" + c, ItemKind.TAG);

        // WHEN / THEN only the store's copy in the customer's partition, which the customer's fan-out writes, is found
        // through sourceGsi and carries its key; the others follow the customer's own image
        assertThat(RelationshipCatalogue.impliedBy(customer.toItem()))
                .containsExactlyInAnyOrder(storeInCustomer, customerInStore, tag);
        assertThat(RelationshipCatalogue.isFoundThroughIndex(storeInCustomer)).isTrue();
        assertThat(RelationshipCatalogue.copyItem(storeInCustomer, storeItem(b, s))
                        .get(Attributes.SOURCE)
                        .s())
                .isEqualTo("store#" + s);
        assertThat(RelationshipCatalogue.isFoundThroughIndex(customerInStore)).isFalse();
        assertThat(RelationshipCatalogue.copyItem(customerInStore, customer.toItem()))
                .doesNotContainKey(Attributes.SOURCE);
        assertThat(RelationshipCatalogue.isFoundThroughIndex(tag)).isFalse();
        assertThat(RelationshipCatalogue.copyItem(tag, customer.toItem())).doesNotContainKey(Attributes.SOURCE);
    }

    /** DeclaredItem {@code c} of business {@code b}, tagged vip, managing store {@code s}. */
    private static DeclaredItem vipManaging(String b, String c, String s) {
        return SampleSubjects.customer(
                c,
                b,
                "Ann",
                "Smith",
                null,
                Map.of(),
                Set.of(s),
                new CoreFields(Set.of("vip"), 3, NOW, NOW),
                Shard.legacy(c));
    }

    private static Map<String, AttributeValue> storeItem(String businessId, String storeId) {
        return SampleSubjects.store(
                        storeId,
                        businessId,
                        "Main",
                        new Address("1 Main St", "Austin", "TX", "73301", "US"),
                        new CoreFields(Set.of(), 2, NOW, NOW),
                        Shard.legacy(storeId))
                .toItem();
    }

    @Test
    void impliedBy_shouldPutABusinessTagInTheBusinessOwnTagPartition() {
        // GIVEN
        DeclaredItem business = SampleSubjects.business(Ids.newId(), "Acme", CoreFields.created(Set.of("gold"), NOW));

        // WHEN
        Set<Duplicate> duplicates = RelationshipCatalogue.impliedBy(business.toItem());

        // THEN
        assertThat(duplicates)
                .containsExactly(new Duplicate(
                        "tag#" + business.id() + "#gold",
                        Keys.subjectRef(Entity.BUSINESS, business.id()),
                        ItemKind.TAG));
    }

    @Test
    void parseTagPartition_shouldGiveBusinessAndTag_andNothingForOtherKeys() {
        // GIVEN
        String b = Ids.newId();

        // WHEN / THEN
        assertThat(Keys.parseTagPartition(Keys.tagPartition(b, "rush"))).contains(new Keys.TagPartition(b, "rush"));
        assertThat(Keys.parseTagPartition("tag#rush")).isEmpty();
        assertThat(Keys.parseTagPartition("store#" + b)).isEmpty();
        assertThat(Keys.parseTagPartition("tag#not-an-id#rush")).isEmpty();
    }

    @Test
    void copyItem_shouldCarrySourceVersionAndPublicAttributes_butNoIndexAttributes_norSourceGsiKeyForATagCopy() {
        // GIVEN
        String storeId = Ids.newId();
        DeclaredItem store = SampleSubjects.store(
                storeId,
                Ids.newId(),
                "Main",
                new Address("1 Main St", "Austin", "TX", "73301", "US"),
                new CoreFields(Set.of("red"), 4, NOW, NOW),
                Shard.legacy(storeId));
        Duplicate tag = new Duplicate(
                Keys.tagPartition(store.businessId(), "red"), Keys.subjectRef(Entity.STORE, store.id()), ItemKind.TAG);

        // WHEN
        Map<String, AttributeValue> copy = RelationshipCatalogue.copyItem(tag, store.toItem());

        // THEN
        assertThat(copy).doesNotContainKeys(RelationshipCatalogue.INDEX_ATTRIBUTES.toArray(String[]::new));
        assertThat(copy.get(Attributes.SOURCE_VERSION).n()).isEqualTo("4");
        assertThat(copy)
                .as("a tag copy follows its subject's own image, so it is not in sourceGsi")
                .doesNotContainKey(Attributes.SOURCE);
        assertThat(copy.get(Attributes.KIND).s()).isEqualTo("tag");
        assertThat(copy.get(Attributes.NAME).s()).isEqualTo("Main");
        assertThat(tag.source()).isEqualTo(new Keys.SubjectRef(Entity.STORE, store.id()));
    }

    @Test
    void copyItem_shouldLeaveOutWhatIsWrittenWithoutANewVersion_aBusinesssRetentionAndAnOrdersArchiveLease() {
        // GIVEN a business item holding a retention its operator set, and an order item under an archive lease
        DeclaredItem business =
                SampleSubjects.business(Ids.newId(), "Acme", new CoreFields(Set.of("vip"), 2, NOW, NOW));
        Map<String, AttributeValue> businessItem = new java.util.HashMap<>(business.toItem());
        businessItem.put(
                Attributes.RETENTION, new Retention(Map.of(Entity.ORDER, java.time.Duration.ofDays(30))).toAttribute());
        Map<String, AttributeValue> orderItem = new java.util.HashMap<>(Map.of(
                Attributes.ID, Values.s(Ids.newId()),
                Attributes.NAME, Values.s("an order"),
                Attributes.ARCHIVING, ArchiveLease.startingAt(3, NOW).toAttribute()));

        // WHEN each is copied
        Map<String, AttributeValue> businessCopy = RelationshipCatalogue.copyItem(
                new Duplicate(
                        Keys.tagPartition(business.id(), "vip"),
                        Keys.subjectRef(Entity.BUSINESS, business.id()),
                        ItemKind.TAG),
                businessItem);
        Map<String, AttributeValue> orderCopy = RelationshipCatalogue.copyItem(
                new Duplicate(
                        Keys.tagPartition(business.id(), "vip"), Keys.subjectRef(Entity.ORDER, "o"), ItemKind.TAG),
                orderItem);

        // THEN neither copy carries them: a copy is refreshed on a new version only
        assertThat(businessCopy).doesNotContainKey(Attributes.RETENTION).containsKey(Attributes.NAME);
        assertThat(orderCopy).doesNotContainKey(Attributes.ARCHIVING).containsKey(Attributes.NAME);
    }

    @Test
    void coreItems_shouldRoundTripThroughTheirItems() {
        String b = Ids.newId();
        DeclaredItem business = SampleSubjects.business(b, "Acme", CoreFields.created(Set.of("a"), NOW));
        String customerId = Ids.newId();
        DeclaredItem customer = SampleSubjects.customer(
                customerId,
                b,
                "Ann",
                "Smith",
                "ann@example.com",
                Map.of("home", new Address("1 A St", "Austin", "TX", "73301", "US")),
                Set.of(Ids.newId()),
                new CoreFields(Set.of(), 2, NOW, NOW),
                Shard.legacy(customerId));
        String orderId = Ids.newId();
        DeclaredItem order = SampleSubjects.order(
                customer,
                orderId,
                "OPEN",
                "visa",
                List.of(SampleSubjects.line("SKU-1", null, 1, 1500)),
                CoreFields.created(Set.of("x"), NOW));

        assertThat(CoreItem.from(business.toItem())).isEqualTo(business);
        assertThat(CoreItem.from(customer.toItem())).isEqualTo(customer);
        assertThat(CoreItem.from(order.toItem()).toItem()).isEqualTo(order.toItem());
    }

    @Test
    void duplicateAt_shouldBeATagCopy_whenTheKeyIsInATagPartition() {
        // GIVEN
        String storeRef = Keys.subjectRef(Entity.STORE, Ids.newId());
        String tagPartition = Keys.tagPartition(Ids.newId(), "red");
        ItemKey key = new ItemKey(tagPartition, storeRef);

        // WHEN
        Duplicate duplicate = Duplicate.at(key);

        // THEN
        assertThat(duplicate).isEqualTo(new Duplicate(tagPartition, storeRef, ItemKind.TAG));
        assertThat(duplicate.key()).isEqualTo(key);
    }

    @Test
    void duplicateAt_shouldBeAnEdge_whenTheKeyIsInASubjectPartition() {
        // GIVEN
        String customerRef = Keys.subjectRef(Entity.CUSTOMER, Ids.newId());
        String storeRef = Keys.subjectRef(Entity.STORE, Ids.newId());

        // WHEN
        Duplicate duplicate = Duplicate.at(new ItemKey(customerRef, storeRef));

        // THEN
        assertThat(duplicate.kind()).isEqualTo(ItemKind.EDGE);
        assertThat(duplicate.key().mirror()).isEqualTo(new ItemKey(storeRef, customerRef));
    }

    @Test
    void impliedBy_shouldGiveAnOrderOneSkuCopyPerSkuOfItsLines_carryingItsSummaryOnly() {
        // GIVEN an order of three lines, two of them of one SKU
        DeclaredItem order = SampleSubjects.withLines(
                SampleSubjects.order(),
                List.of(
                        SampleSubjects.line("INK-2", "Ink", 1, 990),
                        SampleSubjects.line("PEN-1", "Pens", 2, 150),
                        SampleSubjects.line("INK-2", "More ink", 1, 990)));
        Map<String, AttributeValue> image = order.toItem();

        // WHEN
        Set<Duplicate> implied = RelationshipCatalogue.impliedBy(image);

        // THEN one copy per SKU, in the order's shard, each the order's summary, and read back as SKU copies
        String self = Keys.subjectRef(Entity.ORDER, order.id());
        assertThat(Values.set(image, Attributes.SKUS)).containsExactlyInAnyOrder("INK-2", "PEN-1");
        assertThat(implied)
                .filteredOn(duplicate -> duplicate.kind() == ItemKind.SKU)
                .containsExactlyInAnyOrder(
                        new Duplicate(order.shard().skuPartition(order.businessId(), "INK-2"), self, ItemKind.SKU),
                        new Duplicate(order.shard().skuPartition(order.businessId(), "PEN-1"), self, ItemKind.SKU));
        Duplicate ink = new Duplicate(order.shard().skuPartition(order.businessId(), "INK-2"), self, ItemKind.SKU);
        ItemKey inAnotherBusiness = new ItemKey(Keys.skuPartition(Ids.newId(), "INK-2", 3), self);
        assertThat(Duplicate.at(inAnotherBusiness).kind()).isEqualTo(ItemKind.SKU);
        assertThat(RelationshipCatalogue.copyItem(ink, image))
                .containsOnlyKeys(
                        Attributes.ID,
                        Attributes.TYPE,
                        Attributes.KIND,
                        Attributes.SOURCE_VERSION,
                        Attributes.STATUS,
                        Attributes.TOTAL_CENTS,
                        Attributes.CREATED_AT,
                        Attributes.UPDATED_AT);
        // AND an order read without its lines keeps them, so a change of it implies the same copies
        assertThat(Entity.ORDER.read(image).toItem().get(Attributes.SKUS)).isEqualTo(image.get(Attributes.SKUS));
    }
}
