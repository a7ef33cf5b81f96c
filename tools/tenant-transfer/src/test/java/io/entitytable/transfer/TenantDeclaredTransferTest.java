package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.checks.DriftCheck;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Shard;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.declared.Note;
import io.entitytable.model.supplier.Supplier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An entity declared by its fields (the test sources' supplier: a name in its sort key, an email unique within its
 * business, a code that never changes, tags) moves through the export and the import with no code of its own: its
 * subjects come back with their values, tags, versions and times, each unique value's marker with them, and a file
 * whose supplier breaks the declaration, or two of whose suppliers hold one unique value, is refused with nothing
 * written.
 */
class TenantDeclaredTransferTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    /** A business of two suppliers, exported once for the refusals. */
    private static DeclaredItem beans;

    private static DeclaredItem bolts;
    private static List<String> exported;

    @BeforeAll
    static void exportTwoSuppliers() throws IOException {
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String source = SharedLocalDynamoDb.newTable("declaredSource");
        TenantFixture fixture = new TenantFixture(dynamo, source);
        DeclaredItem business = fixture.currentBusiness("Two suppliers");
        beans = fixture.declared(Supplier.of(business.id(), "Acme Beans", Set.of("coffee")));
        bolts = fixture.declared(Supplier.of(business.id(), "Bolt Works", Set.of()));
        Path file = dir.resolve("suppliers.ndjson");
        CommandRun export =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);
        assertThat(export.exitCode()).as(export.err()).isZero();
        exported = Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void exportEraseImport_shouldBringBackEverySupplier_withItsValuesTagsVersionAndUniqueValueMarkers()
            throws IOException {
        // GIVEN a business of the old fixed layout with a store, a customer linking it, an order, and three suppliers
        // placed as that layout places its children: tagged or not, with a code or not, one at version 3, one with two
        // deliveries; fanned out,
        // the refresh worker run
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("declaredErase");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme", "vip");
        DeclaredItem lyon = fixture.store(acme, "Lyon Centre", "Lyon");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace");
        fixture.link(ada, lyon);
        fixture.order(ada, 2);
        // A note to Ada's work address, with her name and email copied as its create copies them.
        DeclaredItem note = fixture.declared(Note.of(ada, "Call back", "work", Instant.parse("2026-03-05T09:00:00Z")));
        List<DeclaredItem> suppliers = List.of(
                fixture.declared(legacyPlaced(Supplier.of(acme.id(), "Acme Beans", Set.of("coffee", "vip"))
                        .with(Map.of("code", "ACM-001"))
                        .withVersion(3, Instant.parse("2026-03-05T08:00:00Z")))),
                fixture.declared(legacyPlaced(Supplier.of(acme.id(), "Bolt Works", Set.of()))),
                fixture.declared(legacyPlaced(Supplier.of(acme.id(), "Crate Co", Set.of("boxes"))
                        .with(Map.of(
                                "code",
                                "CRT-042",
                                "regions",
                                Supplier.ENTITY.field("regions").orElseThrow().normalised(List.of("us", "EU")),
                                "deliveries",
                                // As a create stores them: their hours made of their days.
                                Supplier.ENTITY
                                        .field("deliveries")
                                        .orElseThrow()
                                        .normalised(List.of(
                                                Map.of("sku", "CRT-1", "days", 3L), Map.of("sku", "CRT-2"))))))));
        StreamAndQueue system = new StreamAndQueue(dynamo, table);
        system.settle();
        Map<ItemKey, Map<String, AttributeValue>> before = TableItems.of(dynamo, table);
        assertThat(ofKind(before, ItemKind.UNIQUE)).hasSize(3);
        // The order's two lines and the crates' two deliveries.
        assertThat(ofKind(before, ItemKind.LINE)).hasSize(4);
        Path file = dir.resolve("acme.ndjson");

        // WHEN exported
        CommandRun export =
                CommandRun.of("export", "--business", acme.id(), "--out", file.toString(), "--table", table);

        // THEN the suppliers and the note follow the business's other children, each line valid, the note's copies of
        // its customer as copied, in the API's JSON (no shard: the
        // old layout's follows from the id)
        assertThat(export.exitCode()).as(export.err()).isZero();
        List<JsonNode> lines = TenantTransferRoundTripTest.lines(file);
        assertThat(lines.subList(1, lines.size() - 1).stream()
                        .map(line -> line.get("kind").asText()))
                .containsExactly("business", "store", "customer", "order", "supplier", "supplier", "supplier", "note");
        assertThat(lines.get(lines.size() - 1).get("subjects").get("supplier").asInt())
                .isEqualTo(3);
        ExportSchema schema = ExportSchema.load();
        assertThat(lines)
                .allSatisfy(line ->
                        assertThat(schema.errors(line)).as(line.toString()).isEmpty());
        JsonNode beansLine = lines.stream()
                .filter(line -> line.path("subject")
                        .path("id")
                        .asText()
                        .equals(suppliers.get(0).id()))
                .findFirst()
                .orElseThrow();
        assertThat(beansLine.has("shard")).as(beansLine.toString()).isFalse();
        assertThat(beansLine.get("subject").get("name").asText()).isEqualTo("Acme Beans");
        assertThat(beansLine.get("subject").get("email").asText()).isEqualTo("acme.beans@example.com");
        assertThat(beansLine.get("subject").get("code").asText()).isEqualTo("ACM-001");
        assertThat(beansLine.at("/subject/depot").toString()).isEqualTo("{\"city\":\"Lyon\",\"dock\":3}");
        assertThat(beansLine.get("subject").get("version").asLong()).isEqualTo(3);
        JsonNode cratesLine = lines.stream()
                .filter(line -> line.path("subject")
                        .path("id")
                        .asText()
                        .equals(suppliers.get(2).id()))
                .findFirst()
                .orElseThrow();
        assertThat(cratesLine.at("/subject/deliveries").toString())
                .isEqualTo("[{\"deliveryNo\":1,\"sku\":\"CRT-1\",\"days\":3,\"hours\":72},"
                        + "{\"deliveryNo\":2,\"sku\":\"CRT-2\"}]");
        assertThat(cratesLine.at("/subject/deliveryCount").asInt()).isEqualTo(2);
        assertThat(cratesLine.at("/subject/regions").toString()).isEqualTo("[\"EU\",\"US\"]");
        JsonNode noteLine = lines.stream()
                .filter(line -> line.path("subject").path("id").asText().equals(note.id()))
                .findFirst()
                .orElseThrow();
        assertThat(noteLine.at("/subject/recipient").toString())
                .isEqualTo("{\"firstName\":\"Ada\",\"lastName\":\"Lovelace\"}");
        assertThat(noteLine.at("/subject/email").asText()).isEqualTo("ada@example.com");
        assertThat(noteLine.at("/subject/to/city").asText()).isEqualTo("Paris");

        // WHEN the business is erased, then the file imported, and the stream and the queue worked until quiet
        fixture.erase(acme.id());
        system.settle();
        Map<ItemKey, Map<String, AttributeValue>> erased = TableItems.of(dynamo, table);
        assertThat(ofKind(erased, ItemKind.CORE)).isEmpty();
        assertThat(ofKind(erased, ItemKind.UNIQUE)).isEmpty();
        CommandRun imported = CommandRun.of("import", "--in", file.toString(), "--table", table);
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        system.settle();

        // THEN every supplier is back as it was (values, tags, version, times, shard), each unique email's marker
        // naming it, the tombstones its erase left gone; the table is item for item what it was but the erase's record
        Map<ItemKey, Map<String, AttributeValue>> restored = TableItems.of(dynamo, table);
        for (DeclaredItem supplier : suppliers) {
            // Its core item as written; its deliveries are items of their own, compared with the whole table below.
            assertThat(CoreItem.from(restored.get(ItemKey.of(supplier.toItem()))))
                    .as(supplier.id())
                    .isEqualTo(CoreItem.from(supplier.toItem()));
            for (UniqueValue marker : UniqueValue.of(supplier)) {
                assertThat(restored.get(marker.key()))
                        .as(marker.toString())
                        .containsEntry(Attributes.HOLDER, Values.s(Keys.subjectRef(Supplier.ENTITY, supplier.id())))
                        .containsEntry(Attributes.KIND, Values.s(ItemKind.UNIQUE.value()));
            }
        }
        assertThat(ofKind(restored, ItemKind.UNIQUE)).hasSize(3);
        assertThat(ofKind(restored, ItemKind.LINE)).hasSize(4);
        assertThat(ofKind(restored, ItemKind.TOMBSTONE)).isEmpty();
        assertThat(restored.remove(EraseJob.keyOf(acme.id()))).isNotNull();
        assertThat(restored).isEqualTo(before);
        DriftCheck check = DriftCheck.of(dynamo, table);
        assertThat(check.clean()).as(check.toString()).isTrue();
    }

    @Test
    void import_shouldWriteEverySupplierWithItsMarker_andRefuseToRunAgain_whenTheFileIsUndamaged() throws IOException {
        // GIVEN the control of the refusals below: the export (a business as the API creates one today, its suppliers
        // in its stored shard 0) unchanged, into an empty table
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String target = SharedLocalDynamoDb.newTable("declaredUndamaged");
        Path file = write("undamaged.ndjson", exported);

        // WHEN imported, and imported again
        CommandRun run = CommandRun.of("import", "--in", file.toString(), "--table", target);
        Map<ItemKey, Map<String, AttributeValue>> written = TableItems.of(dynamo, target);
        CommandRun again = CommandRun.of("import", "--in", file.toString(), "--table", target);

        // THEN the business, its 16 counters, the two suppliers and their emails' markers; the second run is refused
        // and changes nothing
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(written).hasSize(1 + 16 + 2 + 2);
        for (DeclaredItem supplier : List.of(beans, bolts)) {
            assertThat(CoreItem.from(written.get(ItemKey.of(supplier.toItem()))))
                    .isEqualTo(supplier);
            assertThat(written).containsKey(UniqueValue.of(supplier).get(0).key());
        }
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("is already in table " + target);
        assertThat(TableItems.of(dynamo, target)).isEqualTo(written);
    }

    static Stream<Arguments> damagedSuppliers() {
        return Stream.of(
                damage(
                        "two suppliers holding one unique email (in another letter case)",
                        subject -> subject.put("email", "ACME.Beans@example.com"),
                        "holds email 'acme.beans@example.com', which supplier " + "%beans%" + " holds too"),
                damage(
                        "a supplier missing its required name",
                        subject -> subject.remove("name"),
                        "supplier %bolts%: name is required"),
                damage(
                        "a supplier whose code its field refuses",
                        subject -> subject.put("code", "bad"),
                        "supplier %bolts%: code must be three capitals"),
                damage(
                        "a supplier whose email is not text",
                        subject -> subject.put("email", 42),
                        "supplier %bolts%: email must be text"),
                damage(
                        "a supplier with a name that is no field",
                        subject -> subject.put("colour", "red"),
                        "supplier %bolts%: unknown field 'colour'"),
                damage(
                        "a supplier without an id",
                        subject -> subject.remove("id"),
                        "id must be an id as the API returns it"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damagedSuppliers")
    void import_shouldExit2NamingTheSupplierAndField_andWriteNothing_whenASupplierBreaksItsDeclaration(
            String damage, Consumer<ObjectNode> change, String message) throws IOException {
        // GIVEN an empty table and the export, its second supplier changed
        String target = SharedLocalDynamoDb.newTable("declaredDamaged");
        Path file = write("damaged.ndjson", withSubjectChanged(exported, bolts.id(), change));

        // WHEN
        CommandRun run = CommandRun.of("import", "--in", file.toString(), "--table", target);

        // THEN refused, naming the subject, the field and the value, before anything is written
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err())
                .contains(file.toString())
                .contains(message.replace("%beans%", beans.id()).replace("%bolts%", bolts.id()));
        assertThat(run.out()).isEmpty();
        assertThat(TableItems.count(SharedLocalDynamoDb.client(), target)).isZero();
    }

    /** {@code supplier} placed as the old fixed layout places a child: its shard derived from its id, not stored. */
    private static DeclaredItem legacyPlaced(DeclaredItem supplier) {
        return new DeclaredItem(
                supplier.entity(),
                supplier.id(),
                supplier.businessId(),
                supplier.values(),
                supplier.common(),
                Shard.legacy(supplier.id()));
    }

    private static Arguments damage(String name, Consumer<ObjectNode> change, String message) {
        return Arguments.of(name, change, message);
    }

    /** The lines with the subject of id {@code id} changed by {@code change}. */
    private static List<String> withSubjectChanged(List<String> lines, String id, Consumer<ObjectNode> change) {
        List<String> changed = new ArrayList<>();
        int found = 0;
        for (String line : lines) {
            ObjectNode node = json(line);
            JsonNode subject = node.get("subject");
            if (subject != null && id.equals(subject.path("id").asText())) {
                change.accept((ObjectNode) subject);
                changed.add(node.toString());
                found++;
            } else {
                changed.add(line);
            }
        }
        assertThat(found).as("lines of " + id).isEqualTo(1);
        return changed;
    }

    private static List<Map<String, AttributeValue>> ofKind(
            Map<ItemKey, Map<String, AttributeValue>> items, ItemKind kind) {
        return items.values().stream()
                .filter(item -> kind.value().equals(Values.string(item, Attributes.KIND)))
                .toList();
    }

    private static ObjectNode json(String line) {
        try {
            return (ObjectNode) JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path write(String name, List<String> lines) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }
}
