package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.entitytable.model.ItemKind;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CostModelTest {
    private static final Prices PRICES = Prices.usEast1();
    private static Bill reference;

    /** The reference workload's rates with a big store of few customers: the same bill but for one rename a day. */
    @BeforeAll
    static void priceTheReferenceRates() {
        reference = CostModel.of(TestWorkloads.small());
    }

    @Test
    void summary_shouldGiveTheBillTheFloorAndTheirRatioWithTwoDecimals() {
        // WHEN
        String summary = reference.summary();

        // THEN
        assertThat(summary).matches("cost: \\$[0-9,]+ a month, floor \\$[0-9,]+, [0-9]+\\.[0-9]{2}x");
        assertThat(reference.ratio()).isEqualTo(reference.monthly() / reference.floor());
    }

    @Test
    void bill_shouldCostTheSameByResourceAndByOperation() {
        double byOperation =
                reference.operations().stream().mapToDouble(Bill.Row::monthly).sum();
        double floorByOperation =
                reference.operations().stream().mapToDouble(Bill.Row::floor).sum();

        assertThat(byOperation).isCloseTo(reference.monthly(), within(0.01));
        assertThat(floorByOperation).isCloseTo(reference.floor(), within(0.01));
    }

    @Test
    void floor_shouldBeTheDataItemsWritesAndThePatternsReadsOnly() {
        // WHEN
        Set<String> floorRows = reference.resources().stream()
                .filter(row -> row.floor() > 0)
                .map(Bill.Row::name)
                .collect(Collectors.toSet());

        // THEN no counter, limiter, idempotency record, second transaction unit or other service is in it
        assertThat(floorRows)
                .containsExactlyInAnyOrder(
                        CostModel.rowOf(ItemKind.CORE),
                        CostModel.rowOf(ItemKind.LINE),
                        CostModel.rowOf(ItemKind.EDGE),
                        CostModel.rowOf(ItemKind.TAG),
                        CostModel.rowOf(ItemKind.SKU),
                        CostModel.PATTERN_READS);
        reference.resources().stream()
                .filter(row -> floorRows.contains(row.name()))
                .forEach(row -> assertThat(row.floor()).isEqualTo(row.monthly()));
    }

    @Test
    void limiter_shouldChargeAWriteUnitPerRequest_whenABusinessesRequestsAreSpreadThinOverTheInstances() {
        // GIVEN 363,110 requests a second from 20,000 businesses over about 7,300 busy instances: an instance sees a
        // business's request about once in 400 s, so each lease is of one token
        double instances = reference.requestsPerSecond() * CostAssumptions.DEPLOYED.apiMillisPerRequest() / 1000;
        assertThat(reference.requestsPerSecond() / TestWorkloads.small().businesses() / instances)
                .isLessThan(1);

        // WHEN
        double limiter = row(CostModel.LIMITER).monthly();

        // THEN
        assertThat(reference.requestsPerSecond()).isCloseTo(363_110, within(0.5));
        assertThat(limiter)
                .isCloseTo(
                        reference.requestsPerSecond()
                                * CostModel.SECONDS_A_MONTH
                                / 1e6
                                * PRICES.writeRequestUnitsPerMillion(),
                        within(1.0));
    }

    @Test
    void apiGateway_shouldPriceTheMonthsRequestsPastTheFirstTierAtTheSecond() {
        double requests = reference.requestsPerSecond() * CostModel.SECONDS_A_MONTH;
        List<Tiers.Tier> tiers = PRICES.httpApiRequestsPerMillion().tiers();

        double expected = 300 * tiers.get(0).price()
                + (requests / 1e6 - 300) * tiers.get(1).price();

        assertThat(tiers.get(0).next()).isEqualTo(300);
        assertThat(row(CostModel.API_GATEWAY).monthly()).isCloseTo(expected, within(1.0));
    }

    @Test
    void lambda_shouldPriceTheAccountsMonthOfGbSecondsByItsTiers() {
        // GIVEN the API's GB-seconds of the month, from the assumptions as the model takes them
        CostAssumptions a = CostAssumptions.DEPLOYED;
        double requests = reference.requestsPerSecond() * CostModel.SECONDS_A_MONTH;
        double apiGbSeconds = requests * a.apiMillisPerRequest() / 1000 * a.apiMemoryMb() / 1024;
        Tiers tiers = PRICES.lambdaArmGbSecond();

        // WHEN
        double apiTime = row(CostModel.API_LAMBDA).monthly() - requests / 1e6 * PRICES.lambdaRequestsPerMillion();

        // THEN the API's GB-seconds alone pass the first tier, and the stream consumers' add to the account's month,
        // so a GB-second of the API costs at most the average over the API's own and more than the last tier's price
        assertThat(apiGbSeconds).isGreaterThan(tiers.tiers().get(0).next());
        assertThat(apiTime / apiGbSeconds)
                .isLessThanOrEqualTo(tiers.averagePrice(apiGbSeconds))
                .isLessThan(tiers.first())
                .isGreaterThan(tiers.tiers().get(2).price());
    }

    @Test
    void logs_shouldPriceLambdasLinesByTheirTiersAndTheAccessLogAtTheFlatPrice() {
        // GIVEN the month's log lines as the model takes them: the API's line and Lambda's own lines, and API Gateway's
        // access log line, for every request
        CostAssumptions a = CostAssumptions.DEPLOYED;
        double requests = reference.requestsPerSecond() * CostModel.SECONDS_A_MONTH;
        double lambdaGb = requests * (a.requestLineBytes() + a.platformBytesPerInvocation()) / 1e9;
        double accessGb = requests * a.accessLogLineBytes() / 1e9;

        // WHEN
        double logs = row(CostModel.LOGS).monthly();

        // THEN the access log pays the flat price; Lambda's lines (the API's, and the stream consumers' beside them)
        // are
        // far past the 50 TB of the dearer tiers, so they cost less than a fifth of the first tier's price
        double accessLog = accessGb * PRICES.logIngestionPerGb();
        double apiLambdaLines = PRICES.lambdaLogIngestionPerGb().cost(lambdaGb);
        assertThat(lambdaGb).isGreaterThan(10 * 50_000);
        assertThat(logs).isGreaterThan(accessLog + apiLambdaLines);
        assertThat(logs)
                .isLessThan(
                        accessLog + lambdaGb * PRICES.lambdaLogIngestionPerGb().first() / 5);
    }

    @Test
    void moreOrders_shouldDoubleTheOrdersFloorAndLeaveTheCustomersAsItWas() {
        // GIVEN the same rates with twice the orders
        Workload doubled = withOrders(TestWorkloads.small(), 2);

        // WHEN
        Bill bill = CostModel.of(doubled);

        // THEN an order's floor doubles and a customer's stays (samples are drawn afresh: within a percent)
        double orders = operation(reference, "create order").floor();
        double customers = operation(reference, "create customer").floor();
        assertThat(operation(bill, "create order").floor()).isCloseTo(2 * orders, within(0.02 * orders));
        assertThat(operation(bill, "create customer").floor()).isCloseTo(customers, within(0.01 * customers));
        assertThat(bill.monthly()).isGreaterThan(reference.monthly());
    }

    @Test
    void atScale_shouldPayNoTraceAndFewerLogs_forTheSameFloor() {
        // WHEN the same rates are priced on a stage deployed with observability=scale
        Bill atScale = smallWorkload(CostAssumptions.DEPLOYED.atScale()).bill();

        // THEN
        assertThat(row(atScale, CostModel.TRACES).monthly()).isZero();
        assertThat(row(atScale, CostModel.LOGS).monthly())
                .isLessThan(row(reference, CostModel.LOGS).monthly() / 2);
        assertThat(atScale.floor()).isCloseTo(reference.floor(), within(0.01));
        assertThat(atScale.ratio()).isLessThan(reference.ratio());
    }

    @Test
    void bills_shouldPriceOneDrawingOfTheSamples_soThatTheStagesBillsHaveOneFloor() {
        // GIVEN one model, whose every bill() draws its operations' samples on from where the last left off
        CostModel deployed = smallWorkload(CostAssumptions.DEPLOYED);

        // WHEN the deployed stage and the one at scale are priced together
        List<Bill> bills = deployed.bills(CostAssumptions.DEPLOYED.atScale());

        // THEN they have the very same floor and data rows, and differ in what observability costs
        assertThat(bills).hasSize(2);
        assertThat(bills.get(1).floor()).isEqualTo(bills.get(0).floor());
        assertThat(row(bills.get(1), CostModel.PATTERN_READS).monthly())
                .isEqualTo(row(bills.get(0), CostModel.PATTERN_READS).monthly());
        assertThat(row(bills.get(1), CostModel.TRACES).monthly()).isZero();
        assertThat(row(bills.get(0), CostModel.TRACES).monthly()).isPositive();
        assertThat(bills.get(1).monthly()).isLessThan(bills.get(0).monthly());
    }

    @Test
    void prices_shouldEachHaveTheirSourceAndDate() {
        assertThat(PRICES.region()).isEqualTo("us-east-1");
        assertThat(PRICES.quoted()).matches("[0-9]{4}-[0-9]{2}");
        assertThat(PRICES.sources())
                .containsOnlyKeys(
                        "dynamodb", "apiGateway", "lambda", "sqs", "openSearchServerless", "cloudWatch", "xray", "s3");
        assertThat(PRICES.sources().values()).allMatch(url -> url.startsWith("https://aws.amazon.com/"));
        assertThat(Map.of(
                        "wru", PRICES.writeRequestUnitsPerMillion(),
                        "rru", PRICES.readRequestUnitsPerMillion(),
                        "http", PRICES.httpApiRequestsPerMillion().first(),
                        "lambda", PRICES.lambdaArmGbSecond().first(),
                        "lambdaLogs", PRICES.lambdaLogIngestionPerGb().first(),
                        "logs", PRICES.logIngestionPerGb(),
                        "traces", PRICES.tracesRecordedPerMillion()))
                .allSatisfy((name, price) -> assertThat(price).as(name).isPositive());
    }

    /** The small workload's cost model on the current layout, priced under {@code assumed}. */
    private static CostModel smallWorkload(CostAssumptions assumed) {
        return new CostModel(
                TestWorkloads.small(),
                new CapacityModel(TestWorkloads.small(), ModelledLayout.CURRENT),
                PRICES,
                assumed);
    }

    private static Workload withOrders(Workload w, double factor) {
        return new Workload(
                w.description(),
                w.businesses(),
                w.ordersPerSecond() * factor,
                w.largestBusinessOrdersPerSecond() * factor,
                w.linesPerOrder(),
                w.statusChangesPerOrder(),
                w.taggedOrderFraction(),
                w.orderTag(),
                w.customersCreatedPerSecond(),
                w.taggedCustomerFraction(),
                w.customerTag(),
                w.storesCreatedPerSecond(),
                w.tagsPerSecond(),
                w.linksPerSecond(),
                w.storesPerCustomer(),
                w.storeRenamesPerSecond(),
                w.customersPerStore(),
                w.bigStoreLinkedCustomers(),
                w.bigStoreRenamesPerHour(),
                w.readsPerSecond(),
                w.pageSize(),
                w.readMix());
    }

    private static Bill.Row row(String resource) {
        return row(reference, resource);
    }

    private static Bill.Row row(Bill bill, String resource) {
        return bill.resources().stream()
                .filter(row -> row.name().equals(resource))
                .findFirst()
                .orElseThrow();
    }

    private static Bill.Row operation(Bill bill, String name) {
        return bill.operations().stream()
                .filter(row -> row.name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
