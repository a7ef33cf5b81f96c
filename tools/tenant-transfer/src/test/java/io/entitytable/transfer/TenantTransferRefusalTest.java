package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.supplier.Supplier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Every refusal: exit code 2, a message that says what is wrong, and nothing written (the table counted before and after). */
class TenantTransferRefusalTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static String source;
    private static DeclaredItem business;
    private static List<String> exported;

    @BeforeAll
    static void exportOneBusiness() throws IOException {
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        source = SharedLocalDynamoDb.newTable("refusal");
        TenantFixture fixture = new TenantFixture(dynamo, source);
        business = fixture.business("Refusals", "vip");
        DeclaredItem store = fixture.store(business, "Only", "Lyon");
        DeclaredItem customer = fixture.customer(business, "Ada", "Lovelace");
        fixture.link(customer, store);
        fixture.order(customer, 2);
        Path file = dir.resolve("good.ndjson");
        CommandRun export =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);
        assertThat(export.exitCode()).as(export.err()).isZero();
        exported = Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void export_shouldExit2AndLeaveNoFile_whenTheBusinessIsUnknown() {
        // GIVEN
        String unknown = Ids.newId();
        Path file = dir.resolve("unknown.ndjson");

        // WHEN
        CommandRun run = CommandRun.of("export", "--business", unknown, "--out", file.toString(), "--table", source);

        // THEN
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("business " + unknown + " is not in table " + source);
        assertThat(run.out()).isEmpty();
        assertThat(file).doesNotExist();
        assertThat(dir.resolve("unknown.ndjson.partial")).doesNotExist();
    }

    @Test
    void export_shouldWriteTheSameLines_whileADeclaredEntityIsDefined_andTheBusinessHoldsNoneOfIt() throws IOException {
        // GIVEN an entity declared by its fields in test sources is defined, and a business that holds none of it
        assertThat(Supplier.ENTITY.keyName()).isEqualTo("supplier");
        Path file = dir.resolve("without-supplier.ndjson");

        // WHEN
        CommandRun run =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);

        // THEN the same lines as before it was defined, but for the header's time
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines.subList(1, lines.size())).isEqualTo(exported.subList(1, exported.size()));
    }

    @Test
    void export_shouldExit2AndKeepTheFile_whenTheOutputFileExists() throws IOException {
        // GIVEN
        Path file = Files.writeString(dir.resolve("taken.ndjson"), "keep me");

        // WHEN
        CommandRun run =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);

        // THEN
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("taken.ndjson exists");
        assertThat(file).hasContent("keep me");
    }

    @Test
    void export_shouldExit2NamingTheFolder_whenTheOutputFolderIsMissing() {
        // GIVEN a file in a folder that does not exist
        Path file = dir.resolve("no-such-folder").resolve("business.ndjson");

        // WHEN
        CommandRun run =
                CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source);

        // THEN
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no folder " + file.getParent() + " to write business.ndjson in");
        assertThat(file.getParent()).doesNotExist();
    }

    @Test
    void import_shouldExit2AndWriteNothing_whenTheTableHoldsTheBusiness() throws IOException {
        // GIVEN the table the business was exported from
        Path file = write("again.ndjson", exported);
        int before = TableItems.count(SharedLocalDynamoDb.client(), source);

        // WHEN
        CommandRun run = CommandRun.of("import", "--in", file.toString(), "--table", source);

        // THEN
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("business " + business.id() + " is already in table " + source);
        assertThat(TableItems.count(SharedLocalDynamoDb.client(), source)).isEqualTo(before);
    }

    static Stream<Arguments> damagedFiles() {
        return Stream.of(
                damage(
                        "an unknown format version",
                        lines -> replaced(lines, 0, "\"version\":1", "\"version\":2"),
                        "version 2 of the tenant export format; this tool reads version 1 only"),
                damage(
                        "another format",
                        lines -> replaced(lines, 0, "entity-table-tenant", "other-format"),
                        "not a tenant export"),
                damage(
                        "a foreign JSON file",
                        lines -> List.of("{\"name\":\"Acme\",\"items\":[1,2,3]}"),
                        "not a tenant export"),
                damage(
                        "a JSON array",
                        lines -> List.of("[{\"format\":\"entity-table-tenant\"}]"),
                        "not a tenant export"),
                damage("an empty file", lines -> List.of(), "the file is empty"),
                damage("a line cut short", TenantTransferRefusalTest::cutInTheLastSubject, "not complete JSON"),
                damage("no end line", lines -> lines.subList(0, lines.size() - 1), "it is truncated"),
                damage(
                        "an end line that counts otherwise",
                        lines -> replaced(lines, lines.size() - 1, "\"items\":6", "\"items\":7"),
                        "the end line counts"),
                damage("a line after the end line", lines -> appended(lines, lines.get(1)), "follows the end line"),
                damage(
                        "an unknown kind",
                        lines -> replaced(lines, 2, "\"kind\":\"store\"", "\"kind\":\"warehouse\""),
                        "unknown kind 'warehouse'"),
                damage(
                        "a subject missing a field",
                        lines -> replaced(lines, 3, "\"firstName\":\"Ada\"", "\"firstName\":null"),
                        "firstName is required"),
                damage(
                        "a subject with a field the API does not have",
                        lines -> replaced(lines, 2, "\"name\":", "\"colour\":\"red\",\"name\":"),
                        "unknown field 'colour'"),
                damage(
                        "a customer before the store it links",
                        TenantTransferRefusalTest::customerFirst,
                        "which the file does not hold before it"),
                damage("a subject twice", lines -> inserted(lines, 3, lines.get(2)), "is in the file twice"),
                damage(
                        "a customer linking more stores than its transaction holds",
                        TenantTransferRefusalTest::customerOf98Stores,
                        "takes 101 writes, more than one transaction holds (100)"),
                damage(
                        "a subject of another business",
                        lines -> replaced(lines, 2, business.id(), Ids.newId()),
                        "belongs to business"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damagedFiles")
    void import_shouldExit2AndWriteNothing_whenTheFileIsNotACompleteExport(
            String damage, UnaryOperator<List<String>> transform, String message) throws IOException {
        // GIVEN an empty table and the export, damaged
        String target = SharedLocalDynamoDb.newTable("damaged");
        Path file = write("damaged.ndjson", transform.apply(new ArrayList<>(exported)));

        // WHEN
        CommandRun run = CommandRun.of("import", "--in", file.toString(), "--table", target);

        // THEN
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(file.toString()).contains(message);
        assertThat(run.out()).isEmpty();
        assertThat(TableItems.count(SharedLocalDynamoDb.client(), target)).isZero();
    }

    @Test
    void import_shouldWriteTheBusiness_whenTheSameFileIsUndamaged() throws IOException {
        // GIVEN the control of the test above: the same export, unchanged, into an empty table
        String target = SharedLocalDynamoDb.newTable("undamaged");
        Path file = write("undamaged.ndjson", exported);

        // WHEN
        CommandRun run = CommandRun.of("import", "--in", file.toString(), "--table", target);

        // THEN the business, its store, customer, order and 2 lines, its 16 counters
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(TableItems.count(SharedLocalDynamoDb.client(), target)).isEqualTo(6 + 16);
    }

    @Test
    void commandLine_shouldExit2WithTheUsage_whenAnOptionIsMissingOrWrong() {
        // WHEN
        List<CommandRun> runs = List.of(
                CommandRun.of("export", "--out", dir.resolve("x.ndjson").toString()),
                CommandRun.of(
                        "export",
                        "--business",
                        "not-an-id",
                        "--out",
                        dir.resolve("x.ndjson").toString()),
                CommandRun.of("import"),
                CommandRun.of("import", "--in", "f", "--business", business.id()),
                CommandRun.of("copy", "--in", "f"));

        // THEN
        assertThat(runs).allSatisfy(run -> {
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err()).contains("usage: export --business ID --out FILE");
        });
        assertThat(runs.get(1).err()).contains("--business must be an id");
    }

    private static Arguments damage(String name, UnaryOperator<List<String>> transform, String message) {
        return Arguments.of(name, transform, message);
    }

    private static List<String> replaced(List<String> lines, int index, String text, String replacement) {
        assertThat(lines.get(index)).contains(text);
        List<String> changed = new ArrayList<>(lines);
        changed.set(index, lines.get(index).replace(text, replacement));
        return changed;
    }

    private static List<String> appended(List<String> lines, String line) {
        List<String> changed = new ArrayList<>(lines);
        changed.add(line);
        return changed;
    }

    private static List<String> inserted(List<String> lines, int index, String line) {
        List<String> changed = new ArrayList<>(lines);
        changed.add(index, line);
        return changed;
    }

    /** The file as a copy interrupted in the middle of its last subject would leave it. */
    private static List<String> cutInTheLastSubject(List<String> lines) {
        String last = lines.get(lines.size() - 2);
        List<String> changed = new ArrayList<>(lines.subList(0, lines.size() - 2));
        changed.add(last.substring(0, last.length() / 2));
        return changed;
    }

    /**
     * 97 more stores before the customer, which links all 98: its count, itself, 98 link counts and the delete of its
     * tombstone are 101 writes, one more than DynamoDB's transaction holds (the API links 97 at most).
     */
    private static List<String> customerOf98Stores(List<String> lines) {
        ObjectNode storeLine = json(lines.get(2));
        ObjectNode customer = json(lines.get(3));
        ObjectNode end = json(lines.get(lines.size() - 1));
        List<String> changed = new ArrayList<>(lines.subList(0, 3));
        ArrayNode storeIds = ((ObjectNode) customer.get("subject"))
                .putArray("storeIds")
                .add(storeLine.get("subject").get("id").asText());
        for (int i = 0; i < 97; i++) {
            String id = Ids.newId();
            ObjectNode more = storeLine.deepCopy();
            ((ObjectNode) more.get("subject")).put("id", id).put("name", "Store " + i);
            changed.add(more.toString());
            storeIds.add(id);
        }
        changed.add(customer.toString());
        changed.addAll(lines.subList(4, lines.size() - 1));
        ObjectNode subjects = (ObjectNode) end.get("subjects");
        subjects.put("store", subjects.get("store").asInt() + 97);
        changed.add(end.put("items", end.get("items").asInt() + 97).toString());
        return changed;
    }

    private static ObjectNode json(String line) {
        try {
            return (ObjectNode) JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Header, business, customer, store, order, end: the customer now comes before the store it links. */
    private static List<String> customerFirst(List<String> lines) {
        List<String> changed = new ArrayList<>(lines);
        changed.set(2, lines.get(3));
        changed.set(3, lines.get(2));
        return changed;
    }

    private static Path write(String name, List<String> lines) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }
}
