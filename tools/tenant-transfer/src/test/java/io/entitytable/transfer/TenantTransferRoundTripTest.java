package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.checks.DriftCheck;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class TenantTransferRoundTripTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void exportThenImport_shouldRestoreEveryItem_whenImportedIntoAnEmptyTable() throws IOException {
        // GIVEN a business written as the API writes it and fanned out: customers linked to stores, tags on every
        // kind of subject, a store renamed after it was linked, orders with lines
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String source = SharedLocalDynamoDb.newTable("source");
        TenantFixture fixture = new TenantFixture(dynamo, source);
        DeclaredItem business = fixture.business("Acme", "vip");
        DeclaredItem lyon = fixture.store(business, "Lyon Centre", "Lyon", "flagship");
        DeclaredItem paris = fixture.store(business, "Paris Nord", "Paris");
        DeclaredItem nice = fixture.store(business, "Nice", "Nice", "seasonal", "south");
        DeclaredItem ada = fixture.customer(business, "Ada", "Lovelace", "vip");
        DeclaredItem alan = fixture.customer(business, "Alan", "Turing");
        DeclaredItem grace = fixture.customer(business, "Grace", "Hopper", "vip", "navy");
        fixture.link(ada, lyon);
        fixture.link(ada, paris);
        fixture.link(alan, paris);
        fixture.link(grace, lyon);
        fixture.link(grace, nice);
        fixture.rename(paris, "Paris Gare du Nord");
        fixture.order(ada, 3, "gift");
        fixture.order(ada, 1);
        fixture.order(grace, 2, "rush", "gift");
        StreamDrain.fanOut(dynamo, source);
        Map<ItemKey, Map<String, AttributeValue>> original = TableItems.of(dynamo, source);
        Path file = dir.resolve("acme.ndjson");

        // WHEN
        CommandRun export =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);
        String target = SharedLocalDynamoDb.newTable("target");
        CommandRun imported = CommandRun.of("import", "--in", file.toString(), "--table", target);
        StreamDrain.fanOut(dynamo, target);

        // THEN the file: header, 1 business, 3 stores before 3 customers, 3 orders with their 6 lines, the end line
        assertThat(export.exitCode()).as(export.err()).isZero();
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        List<JsonNode> lines = lines(file);
        assertThat(lines.get(0).get("format").asText()).isEqualTo("entity-table-tenant");
        assertThat(lines.get(0).get("version").asInt()).isEqualTo(1);
        assertThat(lines.get(0).get("businessId").asText()).isEqualTo(business.id());
        assertThat(lines.subList(1, lines.size() - 1).stream()
                        .map(line -> line.get("kind").asText()))
                .containsExactly(
                        "business",
                        "store",
                        "store",
                        "store",
                        "customer",
                        "customer",
                        "customer",
                        "order",
                        "order",
                        "order");
        assertThat(lines.get(lines.size() - 1).toString())
                .isEqualTo("{\"kind\":\"end\",\"subjects\":{\"business\":1,\"customer\":3,\"order\":3,\"store\":3},"
                        + "\"items\":16}");
        assertThat(JSON.readTree(imported.out()).get("items").asLong()).isEqualTo(16);
        ExportSchema schema = ExportSchema.load();
        assertThat(lines)
                .allSatisfy(line ->
                        assertThat(schema.errors(line)).as(line.toString()).isEmpty());
        assertThat(schema.errors(JSON.readTree(lines.get(0).toString().replace("\"version\":1", "\"version\":2"))))
                .as("another version")
                .isNotEmpty();

        // THEN the target holds item for item what the source holds: core items, lines, counters (linkCount, each
        // child counter), and the copies its fan-out made (edges both ways, tag copies)
        Map<ItemKey, Map<String, AttributeValue>> restored = TableItems.of(dynamo, target);
        assertThat(restored).isEqualTo(original);
        assertThat(kinds(restored))
                .containsEntry("core", 10L)
                .containsEntry("line", 6L)
                .containsKey("edge")
                .containsKey("tag");
        assertThat(linkCounts(restored)).containsExactlyInAnyOrder(2L, 2L, 1L);
        DriftCheck check = DriftCheck.of(dynamo, target);
        assertThat(check.clean()).as(check.toString()).isTrue();
        assertThat(check.coreItems()).isEqualTo(10);
        // and every subject the import wrote says when, which puts its search documents above those of its life
        // before (an erase's tombstones); no copy carries it
        List<Map<String, AttributeValue>> written = new ArrayList<>();
        dynamo.scanPaginator(request -> request.tableName(target).consistentRead(true))
                .items()
                .forEach(written::add);
        assertThat(written)
                .filteredOn(item -> ItemKind.CORE.value().equals(Values.string(item, Attributes.KIND)))
                .hasSize(10)
                .allSatisfy(item ->
                        assertThat(Values.number(item, Attributes.RESTORED_AT)).isPositive());
        assertThat(written)
                .filteredOn(item -> !ItemKind.CORE.value().equals(Values.string(item, Attributes.KIND)))
                .noneMatch(item -> item.containsKey(Attributes.RESTORED_AT));
    }

    @Test
    void exportThenImport_shouldKeepTheBusinessShardCount_andEveryChildsShard() throws IOException {
        // GIVEN a business grown to 32 shards, with a store, a customer and an order in shards below and above the
        // first 16 counters, fanned out
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String source = SharedLocalDynamoDb.newTable("shardsource");
        TenantFixture fixture = new TenantFixture(dynamo, source);
        int[] shards = {0, 7, 16, 31};
        DeclaredItem business = fixture.sharded(dynamo, 32, shards);
        StreamDrain.fanOut(dynamo, source);
        Map<ItemKey, Map<String, AttributeValue>> original = TableItems.of(dynamo, source);
        Path file = dir.resolve("sharded.ndjson");

        // WHEN
        CommandRun export =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);
        String target = SharedLocalDynamoDb.newTable("shardtarget");
        CommandRun imported = CommandRun.of("import", "--in", file.toString(), "--table", target);
        StreamDrain.fanOut(dynamo, target);

        // THEN the file holds every subject, each child of every shard, the business with its count and each child with
        // its shard, and every line is valid
        assertThat(export.exitCode()).as(export.err()).isZero();
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        List<JsonNode> lines = lines(file);
        assertThat(lines).hasSize(1 + 1 + 3 * shards.length + 1);
        JsonNode businessLine = lines.get(1);
        assertThat(businessLine.get("kind").asText()).isEqualTo("business");
        assertThat(businessLine.get("shards").get("count").asInt()).isEqualTo(32);
        assertThat(businessLine.get("shards").get("before").asInt()).isEqualTo(1);
        assertThat(lines.subList(2, lines.size() - 1).stream()
                        .map(line -> line.get("shard").asInt()))
                .containsExactlyInAnyOrder(0, 7, 16, 31, 0, 7, 16, 31, 0, 7, 16, 31);
        ExportSchema schema = ExportSchema.load();
        assertThat(lines)
                .allSatisfy(line ->
                        assertThat(schema.errors(line)).as(line.toString()).isEmpty());

        // THEN the target holds what the source holds: the business with its count, each child in its shard (its
        // businessGsi, status and tag partitions), its lines and copies, and all 32 counters counting every child
        Map<ItemKey, Map<String, AttributeValue>> restored = TableItems.of(dynamo, target);
        assertThat(withoutCounters(restored)).isEqualTo(withoutCounters(original));
        assertThat(ShardCount.of(restored.get(new ItemKey(business.id(), Keys.BUSINESS_TYPE))))
                .isEqualTo(business.shards());
        List<ItemKey> counters = ChildCounters.all(business.id(), business.shards());
        assertThat(restored.keySet().stream().filter(key -> Keys.COUNTER_TYPE.equals(key.type())))
                .containsExactlyInAnyOrderElementsOf(counters);
        assertThat(ChildCounters.sum(counters.stream().map(restored::get).toList()))
                .isEqualTo(3L * shards.length);
        DriftCheck check = DriftCheck.of(dynamo, target);
        assertThat(check.clean()).as(check.toString()).isTrue();
    }

    @Test
    void import_shouldRestoreAStore_whenItsLineIsAsWrittenBeforeTheStoreWasDeclared() throws IOException {
        // GIVEN a business with a store a customer links, fanned out and exported, the store's line then rewritten as
        // the export wrote it when the store had a record of its own: its fields in that record's order, the address's
        // parts in the address's
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String source = SharedLocalDynamoDb.newTable("oldsource");
        TenantFixture fixture = new TenantFixture(dynamo, source);
        DeclaredItem business = fixture.business("Acme", "vip");
        DeclaredItem lyon = fixture.store(business, "Lyon Centre", "Lyon", "flagship");
        DeclaredItem ada = fixture.customer(business, "Ada", "Lovelace");
        fixture.link(ada, lyon);
        StreamDrain.fanOut(dynamo, source);
        Map<ItemKey, Map<String, AttributeValue>> original = TableItems.of(dynamo, source);
        Path file = dir.resolve("old.ndjson");
        CommandRun export =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);
        assertThat(export.exitCode()).as(export.err()).isZero();
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        int storeLine = lines.indexOf(lines.stream()
                .filter(line -> parse(line).path("kind").asText().equals("store"))
                .findFirst()
                .orElseThrow());
        lines.set(storeLine, asBeforeTheDeclaration(parse(lines.get(storeLine))));
        Files.write(file, lines);

        // WHEN
        String target = SharedLocalDynamoDb.newTable("oldtarget");
        CommandRun imported = CommandRun.of("import", "--in", file.toString(), "--table", target);
        StreamDrain.fanOut(dynamo, target);

        // THEN the target holds item for item what the source holds
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        assertThat(TableItems.of(dynamo, target)).isEqualTo(original);
    }

    /** A store's line as the store's own response record wrote it: entity, id, businessId, name, address, the rest. */
    private static String asBeforeTheDeclaration(JsonNode line) {
        JsonNode store = line.get("subject");
        ObjectNode subject = JSON.createObjectNode();
        for (String field : List.of("entity", "id", "businessId", "name")) {
            subject.set(field, store.get(field));
        }
        ObjectNode address = subject.putObject("address");
        for (String part : List.of("street", "city", "state", "zip", "country")) {
            address.set(part, store.get("address").get(part));
        }
        for (String field : List.of("tags", "version", "createdAt", "updatedAt")) {
            subject.set(field, store.get(field));
        }
        assertThat(subject.size()).as("every field of the store's line").isEqualTo(store.size());
        ObjectNode old = JSON.createObjectNode();
        old.set("kind", line.get("kind"));
        old.set("subject", subject);
        if (line.has("shard")) {
            old.set("shard", line.get("shard"));
        }
        assertThat(old.size()).as("every part of the line").isEqualTo(line.size());
        return old.toString();
    }

    /**
     * The items but the child counters. Which counter a child counts on as the import creates it is the API's create's
     * choice; the counters' keys and sum are checked on their own.
     */
    private static Map<ItemKey, Map<String, AttributeValue>> withoutCounters(
            Map<ItemKey, Map<String, AttributeValue>> items) {
        Map<ItemKey, Map<String, AttributeValue>> rest = new TreeMap<>(items);
        rest.keySet().removeIf(key -> Keys.COUNTER_TYPE.equals(key.type()));
        return rest;
    }

    @Test
    void export_shouldHoldOnlyTheNamedBusiness_whenTheTableHoldsOthers() throws IOException {
        // GIVEN two businesses in one table
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("two");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem wanted = fixture.bulk(dynamo, 4, 9, 5, 2);
        DeclaredItem other = fixture.bulk(dynamo, 3, 7, 6, 1);
        Path file = dir.resolve("wanted.ndjson");

        // WHEN
        CommandRun export =
                CommandRun.of("export", "--business", wanted.id(), "--out", file.toString(), "--table", table);

        // THEN every subject is the wanted business's; none of the other's
        assertThat(export.exitCode()).as(export.err()).isZero();
        List<JsonNode> subjects =
                lines(file).stream().filter(line -> line.has("subject")).toList();
        assertThat(subjects).hasSize(1 + 4 + 9 + 5);
        assertThat(subjects.stream().map(TenantTransferRoundTripTest::businessOf))
                .containsOnly(wanted.id())
                .doesNotContain(other.id());
        assertThat(JSON.readTree(export.out()).get("items").asLong()).isEqualTo(1 + 4 + 9 + 5 * 3);
    }

    /** The business a subject's line is of: its {@code businessId}, or its id for the business itself. */
    private static String businessOf(JsonNode line) {
        JsonNode subject = line.get("subject");
        return subject.has("businessId")
                ? subject.get("businessId").asText()
                : subject.get("id").asText();
    }

    static List<JsonNode> lines(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .map(TenantTransferRoundTripTest::parse)
                .toList();
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    private static Map<String, Long> kinds(Map<ItemKey, Map<String, AttributeValue>> items) {
        return items.values().stream()
                .collect(Collectors.groupingBy(item -> Values.string(item, Attributes.KIND), Collectors.counting()));
    }

    private static List<Long> linkCounts(Map<ItemKey, Map<String, AttributeValue>> items) {
        return items.values().stream()
                .filter(item -> ItemKind.CORE.value().equals(Values.string(item, Attributes.KIND)))
                .filter(item -> item.containsKey(Attributes.LINK_COUNT))
                .map(item -> Values.number(item, Attributes.LINK_COUNT))
                .toList();
    }
}
