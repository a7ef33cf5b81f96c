package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeysTest {

    @Test
    void customerType_shouldLowerCaseLastThenFirst() {
        assertThat(Keys.customerType("Smith", "Ann")).isEqualTo("customer#smith.ann");
        assertThat(Keys.customerNamePrefix("SMI")).isEqualTo("customer#smi");
    }

    @Test
    void orderType_shouldBeThirteenDigitsSoThatStringOrderIsTimeOrder() {
        assertThat(Keys.orderType(Instant.ofEpochMilli(5))).isEqualTo("order#0000000000005");
        assertThat(Keys.orderType(Instant.parse("2026-01-01T00:00:00Z"))).isEqualTo("order#1767225600000");
    }

    @Test
    void createdType_shouldBeTheOrdersKeyForOrders_andRefuseATimeItsThirteenDigitsCannotHold() {
        Instant time = Instant.parse("2026-01-01T00:00:00.123456Z");
        assertThat(Keys.createdType(Entity.ORDER, time)).isEqualTo(Keys.orderType(time));
        assertThat(Keys.createdType(Entity.ORDER, time)).isEqualTo("order#1767225600123");
        assertThat(Keys.createdType(Entity.ORDER, Keys.LATEST_CREATED)).isEqualTo("order#9999999999999");
        assertThatThrownBy(() -> Keys.createdType(Entity.ORDER, Keys.LATEST_CREATED.plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Keys.createdType(Entity.ORDER, Instant.EPOCH.minusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void groupPk_shouldBeTheOrdersStatusPartition_forTheOrderAndItsStatus() {
        assertThat(Keys.groupPk(Entity.ORDER, Attributes.STATUS, "B", "paid", 3))
                .isEqualTo(Keys.ORDER_STATUS + "#B#PAID#3")
                .isEqualTo(Keys.orderStatusPk("B", "PAID", 3));
    }

    @Test
    void createdSk_shouldBeFixedWidthEvenOnWholeSeconds() {
        Instant whole = Instant.parse("2026-01-01T00:00:00Z");
        String orderId = Ids.newId();
        assertThat(Keys.createdSk(whole, orderId)).isEqualTo("2026-01-01T00:00:00.000Z#" + orderId);
        assertThat(Keys.createdSk(whole, orderId)).isBetween(Keys.createdSkFrom(whole), Keys.createdSkTo(whole));
    }

    @Test
    void fieldListPrefix_shouldEndEachLevelWithTheSeparator_andPrefixTheSortKeyOfThoseLevels() {
        assertThat(Keys.fieldListPrefix(List.of("ca", "San Jose"))).isEqualTo("CA#SAN JOSE#");
        assertThat(Keys.fieldListPrefix(List.of())).isEmpty();
        assertThat(Keys.fieldListSk(List.of("ca", "san jose", "95101"), "S1"))
                .startsWith(Keys.fieldListPrefix(List.of("CA", "SAN JOSE", "95101")));
        assertThat(Keys.fieldListPk(Entity.STORE, "B", "us")).isEqualTo("STORE#B#US");
    }

    @Test
    void subjectRef_shouldRoundTrip_andRejectCoreTypes() {
        String id = Ids.newId();
        assertThat(Keys.parseSubjectRef(Keys.subjectRef(Entity.STORE, id)))
                .contains(new Keys.SubjectRef(Entity.STORE, id));
        assertThat(Keys.parseSubjectRef(Keys.namedType(Entity.STORE, "Main Street")))
                .isEmpty();
        assertThat(Keys.parseSubjectRef(Keys.BUSINESS_TYPE)).isEmpty();
    }

    @Test
    void childCounter_shouldNameItsBusiness() {
        String business = Ids.newId();
        assertThat(Keys.businessOfChildCounter(Keys.childCounter(business, 15))).isEqualTo(business);
    }

    @Test
    void shardOf_shouldBeStableAndInRange() {
        String id = Ids.newId();
        assertThat(Keys.shardOf(id, 7)).isEqualTo(Keys.shardOf(id, 7)).isBetween(0, 6);
    }

    @Test
    void orderStatusPartition_shouldBeTheOrdersBusinessShard_inEveryStatus() {
        // GIVEN an order of a business
        String business = Ids.newId();
        String order = Ids.newId();
        // WHEN its status partitions are computed
        String open = BusinessShards.statusPartitionOf(business, "open", order);
        String paid = BusinessShards.statusPartitionOf(business, "PAID", order);
        // THEN they name the business and the upper-cased status, keep the order's shard, and are among the
        // partitions a status read queries
        assertThat(open).isEqualTo("ORDERSTATUS#" + business + "#OPEN#" + Keys.shardOf(order, BusinessShards.COUNT));
        assertThat(paid).endsWith(open.substring(open.lastIndexOf('#')));
        assertThat(BusinessShards.statusPartitions(business, "OPEN"))
                .contains(open)
                .hasSize(BusinessShards.COUNT);
    }

    @Test
    void ids_shouldBeValidUlids_sortedByTime() {
        String earlier = Ids.newId(1_000);
        String later = Ids.newId(2_000);
        assertThat(Ids.isValid(earlier)).isTrue();
        assertThat(earlier.substring(0, 10)).isLessThan(later.substring(0, 10));
        assertThat(Ids.isValid("01J#")).isFalse();
        assertThat(Ids.isValid(earlier.toLowerCase())).isFalse();
    }

    @Test
    void rateIds_shouldHoldNoSeparator_andNeverReadAsASubjectOrAnotherCallersItem() {
        // GIVEN a business, and subjects an external issuer may use (a separator, a long one)
        String businessId = Ids.newId();

        // WHEN
        String business = Keys.businessRateId(businessId);
        String caller = Keys.callerRateId("github|1234#5");
        String longCaller = Keys.callerRateId("x".repeat(5_000));

        // THEN no id holds the separator (the API writes only such partitions), none is a ULID, and each is its own
        assertThat(business).isEqualTo(businessId + ".rate");
        assertThat(List.of(business, caller, longCaller))
                .allSatisfy(id -> assertThat(id).doesNotContain(Keys.SEPARATOR).hasSizeLessThan(64))
                .noneMatch(Ids::isValid);
        assertThat(caller)
                .matches("caller\\.[0-9a-f]{32}\\.rate")
                .isEqualTo(Keys.callerRateId("github|1234#5"))
                .isNotEqualTo(Keys.callerRateId("github|1234#6"));
        assertThat(RequestLimits.businessKey(businessId)).isEqualTo(new ItemKey(business, Keys.RATE_TYPE));
    }

    @Test
    void rateBuckets_shouldBeItemsOfTheirOwn_spreadingAShareEvenly_onlyWhereOneItemCannotTakeIt() {
        // GIVEN
        String businessId = Ids.newId();

        // WHEN / THEN each further bucket is an item of its own, as free of separators as the first
        assertThat(Keys.businessRateId(businessId, 2)).isEqualTo(businessId + ".2.rate");
        assertThat(Keys.callerRateId("ann", 1)).matches("caller\\.[0-9a-f]{32}\\.1\\.rate");
        assertThat(RequestLimits.everyBusinessKey(businessId))
                .hasSize(RequestLimits.MAX_BUCKETS)
                .doesNotHaveDuplicates()
                .startsWith(RequestLimits.businessKey(businessId));
        // and a share is one bucket up to what one item takes, then as many as it needs, each an even part of it
        assertThat(RequestLimits.buckets(50)).isEqualTo(1);
        assertThat(RequestLimits.buckets(RequestLimits.WRITES_PER_BUCKET)).isEqualTo(1);
        assertThat(RequestLimits.buckets(2_000)).isEqualTo(3);
        assertThat(RequestLimits.buckets(1_000_000)).isEqualTo(RequestLimits.MAX_BUCKETS);
        for (int limit : new int[] {1, 50, 801, 2_000, 6_401}) {
            int buckets = RequestLimits.buckets(limit);
            int total = 0;
            for (int bucket = 0; bucket < buckets; bucket++) {
                int share = RequestLimits.bucketLimit(limit, bucket);
                assertThat(share).isBetween(limit / buckets, limit / buckets + 1);
                total += share;
            }
            assertThat(total).as("the buckets of %d", limit).isEqualTo(limit);
        }
    }

    @Test
    void streamMarkIds_giveBackTheirToken_andNoSubjectsIdReadsAsOne() {
        String token = "2f1c9a4e-6b1d-4c7e-9d59-0c7f3b6f8a11";

        assertThat(Keys.tokenOfStreamMark(Keys.streamMarkId(token, 0))).contains(token);
        assertThat(Keys.tokenOfStreamMark(Keys.streamMarkId(token, 399))).contains(token);
        assertThat(Keys.tokenOfStreamMark(Ids.newId())).isEmpty();
        assertThat(Keys.tokenOfStreamMark(Keys.refreshJobId(Ids.newId()))).isEmpty();
        assertThat(Keys.tokenOfStreamMark("mark.")).isEmpty();
    }
}
