package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.DriftCheck;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@code migrate} from a table of layout 1 (written as layout 1's API and fan-out did, {@link FirstLayoutTable}) to
 * this layout, against the local DynamoDB engine in-process: the migrated core items are what the current model writes, the
 * counters guard deletes as the API's do, the copies are rebuilt in this layout and the old ones are gone, a rerun
 * writes nothing, a killed run resumes from its checkpoint, a newer item in the target survives, and the local flow
 * (the command TableBootstrap names) works on a data folder.
 */
class MigrateTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @TempDir
    Path folder;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void migrate_shouldWriteWhatTheModelWrites_countChildren_andBuildTheCopiesInThisLayout() throws Exception {
        // GIVEN a layout-1 table
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        String target = newTable("new");

        // WHEN
        Run run = migrate("--from", old.table, "--to", target, "--segments", "3");

        // THEN the command succeeded and counted every item it read
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.get("sourceLayout").asText()).isEqualTo("1");
        assertThat(summary.get("clean").asBoolean()).isTrue();
        JsonNode copy = summary.get("copy");
        assertThat(copy.get("itemsRead").asLong()).isEqualTo(old.coreItems + old.lines + old.copies);
        assertThat(copy.get("coreWritten").asLong()).isEqualTo(old.coreItems);
        assertThat(copy.get("linesWritten").asLong()).isEqualTo(old.lines);
        assertThat(copy.get("duplicatesSkipped").asLong()).isEqualTo(old.copies);
        assertThat(copy.get("coreAlreadyThere").asLong()
                        + copy.get("coreNewerInTarget").asLong()
                        + copy.get("otherSkipped").asLong())
                .isZero();
        // and the target has this layout, stream included
        assertThat(TableLayout.ENTITY.differencesFrom(describe(target))).isEmpty();
        // every core item is what the current model writes for the subject, plus the store's recounted linkCount
        for (CoreItem subject : old.subjects()) {
            Map<String, AttributeValue> migrated = new HashMap<>(get(target, ItemKey.of(subject.toItem())));
            migrated.remove(Attributes.LINK_COUNT);
            assertThat(migrated).as(subject.id()).isEqualTo(subject.toItem());
        }
        for (DeclaredItem order : old.orders) {
            for (Map<String, AttributeValue> line : order.collectionItems()) {
                assertThat(get(target, ItemKey.of(line))).isEqualTo(line);
            }
        }
        assertThat(Values.number(get(target, ItemKey.of(old.downtown.toItem())), Attributes.LINK_COUNT))
                .isEqualTo(old.linksOf(old.downtown))
                .isEqualTo(2);
        assertThat(Values.number(get(target, ItemKey.of(old.harbour.toItem())), Attributes.LINK_COUNT))
                .isEqualTo(1)
                .isNotEqualTo(FirstLayoutTable.WRONG_LINK_COUNT);
        // counters: all 16 of each business, adding up to its children; none on the business item
        List<Map<String, AttributeValue>> acmeCounters = counters(target, old.acme);
        assertThat(acmeCounters).hasSize(ChildCounters.COUNT);
        assertThat(ChildCounters.sum(acmeCounters))
                .isEqualTo(old.acmeChildren())
                .isEqualTo(8);
        Map<ItemKey, Long> perCounter = new HashMap<>();
        old.subjects().stream()
                .filter(subject -> !subject.entity().isTenant())
                .forEach(child -> perCounter.merge(ChildCounters.of(old.acme.id(), child.id()), 1L, Long::sum));
        acmeCounters.forEach(counter -> assertThat(Values.number(counter, Attributes.CHILD_COUNT))
                .as(counter.toString())
                .isEqualTo(perCounter.getOrDefault(ItemKey.of(counter), 0L)));
        assertThat(counters(target, old.empty)).hasSize(ChildCounters.COUNT);
        assertThat(ChildCounters.sum(counters(target, old.empty))).isZero();
        assertThat(get(target, ItemKey.of(old.acme.toItem()))).doesNotContainKey(Attributes.CHILD_COUNT);
        // copies: verify finds nothing, exactly the copies sourceGsi finds name their source, none is at a layout-1
        // tag partition
        DriftCheck check = DriftCheck.of(dynamo, target);
        assertThat(check.clean()).as(check.toString()).isTrue();
        // ... and the SKU copies of the orders, which this layout adds (the fixture's order images carry their SKUs)
        assertThat(check.duplicates())
                .hasSize((int) old.copies
                        + old.orders.stream()
                                .mapToInt(order -> order.texts(Attributes.SKUS).size())
                                .sum());
        assertThat(check.duplicates()).allSatisfy(copyItem -> assertThat(copyItem.containsKey(Attributes.SOURCE))
                .isEqualTo(RelationshipCatalogue.isFoundThroughIndex(Duplicate.at(ItemKey.of(copyItem)))));
        Set<String> partitions = partitions(target);
        old.tags().forEach(tag -> assertThat(partitions).doesNotContain(FirstLayout.tagPartition(tag)));
        assertThat(partitions)
                .contains(Keys.tagPartition(old.acme.id(), "partner"), Keys.tagPartition(old.empty.id(), "partner"));
        assertThat(summary.get("copies").get("built").asLong())
                .isEqualTo(old.copies
                        + old.orders.stream()
                                .mapToInt(order -> order.texts(Attributes.SKUS).size())
                                .sum());
        assertThat(summary.get("verify").get("driftTotal").asLong()).isZero();
        assertThat(summary.get("counters").get("businesses").asLong()).isEqualTo(2);
        assertThat(summary.get("counters").get("counterItemsWritten").asLong()).isEqualTo(2L * ChildCounters.COUNT);
    }

    @Test
    void migratedBusiness_shouldBeDeletable_exactlyWhenItHasNoChildren() throws Exception {
        // GIVEN a migrated table
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        String target = newTable("new");
        assertThat(migrate("--from", old.table, "--to", target).exitCode()).isZero();

        // WHEN the API's business delete runs on each business: the sum of its counters, then one transaction that
        // deletes the business and its counters, each on condition that it is zero
        // THEN the business with children is refused twice over, the empty one goes
        assertThat(ChildCounters.sum(counters(target, old.acme))).isPositive();
        assertThatThrownBy(() -> deleteBusiness(target, old.acme)).isInstanceOf(TransactionCanceledException.class);
        assertThat(ChildCounters.sum(counters(target, old.empty))).isZero();
        deleteBusiness(target, old.empty);
        assertThat(get(target, ItemKey.of(old.empty.toItem()))).isEmpty();
        assertThat(counters(target, old.empty)).isEmpty();
    }

    @Test
    void rerun_shouldWriteNothingNew() throws Exception {
        // GIVEN a migrated table and everything in it
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        String target = newTable("new");
        assertThat(migrate("--from", old.table, "--to", target).exitCode()).isZero();
        Set<Map<String, AttributeValue>> before = items(target);

        // WHEN the same migration runs again (its checkpoint was deleted when it finished)
        Run rerun = migrate("--from", old.table, "--to", target);

        // THEN nothing was written and the table is what it was
        assertThat(rerun.exitCode()).as(rerun.err()).isZero();
        JsonNode summary = rerun.json();
        assertThat(summary.get("copy").get("coreWritten").asLong()).isZero();
        assertThat(summary.get("copy").get("linesWritten").asLong()).isZero();
        assertThat(summary.get("copy").get("coreAlreadyThere").asLong()).isEqualTo(old.coreItems);
        assertThat(summary.get("copy").get("linesAlreadyThere").asLong()).isEqualTo(old.lines);
        assertThat(summary.get("counters").get("counterItemsWritten").asLong()).isZero();
        assertThat(summary.get("counters").get("linkCountsWritten").asLong()).isZero();
        assertThat(summary.get("copies").get("built").asLong()).isZero();
        assertThat(summary.get("copies").get("expectedMissing").asLong()).isZero();
        assertThat(items(target)).isEqualTo(before);
    }

    @Test
    void killedRun_shouldResumeAfterTheLastCheckpointedPage() throws Exception {
        // GIVEN a layout-1 table of several Scan pages, and a run killed after its second page was checkpointed
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("old"), 200);
        String target = newTable("new");
        Path checkpoint = folder.resolve("checkpoint.json");
        AtomicInteger pages = new AtomicInteger();
        MigrateCommand.Interruptions killAfterTwoPages = new MigrateCommand.Interruptions() {
            @Override
            public void pageCheckpointed(MigrationPhase pass) {
                if (pages.incrementAndGet() == 2) {
                    throw new IllegalStateException("killed");
                }
            }
        };
        Run killed = run(
                killAfterTwoPages,
                "migrate",
                "--endpoint",
                local.endpoint().toString(),
                "--from",
                old.table,
                "--to",
                target,
                "--segments",
                "1",
                "--checkpoint",
                checkpoint.toString());
        assertThat(killed.exitCode()).isEqualTo(3);
        assertThat(killed.out()).isEmpty();
        JsonNode saved = JSON.readTree(checkpoint.toFile());
        assertThat(saved.get("phase").asText()).isEqualTo("COPY");
        assertThat(saved.get("passes").get("COPY").get(0).get("lastKey").size()).isEqualTo(2);
        assertThat(saved.get("passes")
                        .get("COPY")
                        .get(0)
                        .get("tally")
                        .get("itemsRead")
                        .asLong())
                .isEqualTo(2L * TableCopy.PAGE_SIZE);
        long written = items(target).size();
        assertThat(written).isPositive().isLessThan(old.coreItems + old.lines);

        // WHEN the same command runs again with four segments asked for
        Run resumed =
                migrate("--from", old.table, "--to", target, "--segments", "4", "--checkpoint", checkpoint.toString());

        // THEN it continued after the checkpoint: no item read twice, every core item written once over both runs
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.err()).contains("resuming at copy", "with its 1 segments");
        JsonNode copy = resumed.json().get("copy");
        assertThat(copy.get("itemsRead").asLong()).isEqualTo(old.coreItems + old.lines + old.copies);
        assertThat(copy.get("coreWritten").asLong()).isEqualTo(old.coreItems);
        assertThat(copy.get("coreAlreadyThere").asLong()).isZero();
        assertThat(resumed.json().get("verify").get("clean").asBoolean()).isTrue();
        assertThat(Files.exists(checkpoint)).isFalse();
        for (CoreItem subject : old.subjects()) {
            Map<String, AttributeValue> migrated = new HashMap<>(get(target, ItemKey.of(subject.toItem())));
            migrated.remove(Attributes.LINK_COUNT);
            assertThat(migrated).isEqualTo(subject.toItem());
        }
    }

    @Test
    void itemNewerInTheTarget_shouldNotBeOverwritten() throws Exception {
        // GIVEN a target of this layout where a business is already at a later version
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        String target = newTable("new");
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, target);
        DeclaredItem newer = old.acme
                .with(Map.of(Attributes.NAME, "Acme Renamed"))
                .withVersion(old.acme.version() + 1, FirstLayoutTable.T0);
        dynamo.putItem(request -> request.tableName(target).item(newer.toItem()));

        // WHEN
        Run run = migrate("--from", old.table, "--to", target);

        // THEN the newer business stays, and everything else was migrated
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(get(target, ItemKey.of(newer.toItem()))).isEqualTo(newer.toItem());
        JsonNode copy = run.json().get("copy");
        assertThat(copy.get("coreNewerInTarget").asLong()).isEqualTo(1);
        assertThat(copy.get("coreWritten").asLong()).isEqualTo(old.coreItems - 1);
    }

    @Test
    void inPlace_shouldLeaveTheTableInThisLayout_evenWhenKilledAfterDeletingIt() throws Exception {
        // GIVEN a layout-1 table, migrated in place by a run killed right after it deleted and re-created the table
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("Entity"), 0);
        Path checkpoint = folder.resolve("in-place.json");
        MigrateCommand.Interruptions killAfterReplacing = new MigrateCommand.Interruptions() {
            @Override
            public void phaseReached(MigrationPhase phase) {
                if (phase == MigrationPhase.COPY_BACK) {
                    throw new IllegalStateException("killed");
                }
            }
        };
        String[] command = {
            "migrate",
            "--endpoint",
            local.endpoint().toString(),
            "--from",
            old.table,
            "--to",
            old.table,
            "--in-place",
            "--checkpoint",
            checkpoint.toString()
        };
        assertThat(run(killAfterReplacing, command).exitCode()).isEqualTo(3);
        assertThat(items(old.table)).isEmpty();
        assertThat(describe(old.table + MigrateOptions.TEMPORARY_SUFFIX)).isNotNull();

        // WHEN the same command runs again
        Run resumed = run(MigrateCommand.Interruptions.NONE, command);

        // THEN the table has this layout with every core item as the model writes it, verified clean; the temporary
        // table is gone, and so is every copy of layout 1
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        JsonNode summary = resumed.json();
        assertThat(summary.get("inPlace").asBoolean()).isTrue();
        assertThat(summary.get("sourceLayout").asText()).isEqualTo("1");
        assertThat(summary.get("copyBack").get("coreWritten").asLong()).isEqualTo(old.coreItems);
        assertThat(summary.get("copyBack").get("countersSkipped").asLong()).isZero();
        assertThat(TableLayout.ENTITY.differencesFrom(describe(old.table))).isEmpty();
        assertThat(describe(old.table + MigrateOptions.TEMPORARY_SUFFIX)).isNull();
        for (CoreItem subject : old.subjects()) {
            Map<String, AttributeValue> migrated = new HashMap<>(get(old.table, ItemKey.of(subject.toItem())));
            migrated.remove(Attributes.LINK_COUNT);
            assertThat(migrated).isEqualTo(subject.toItem());
        }
        assertThat(DriftCheck.of(dynamo, old.table).clean()).isTrue();
        Set<String> partitions = partitions(old.table);
        old.tags().forEach(tag -> assertThat(partitions).doesNotContain(FirstLayout.tagPartition(tag)));
        assertThat(ChildCounters.sum(counters(old.table, old.acme))).isEqualTo(old.acmeChildren());
        // its stream was turned on after the last write: a pump that starts on it replays nothing of the migration
        assertThat(streamRecords(describe(old.table).latestStreamArn())).isZero();

        // AND once more: the table already has this layout
        Run again = run(MigrateCommand.Interruptions.NONE, command);
        assertThat(again.exitCode()).isZero();
        assertThat(again.json().get("nothingToMigrate").asBoolean()).isTrue();
    }

    @Test
    void inPlace_withoutItsCheckpoint_shouldNameTheCommandThatFinishesIt() throws Exception {
        // GIVEN an in-place migration killed after re-creating the table, and its checkpoint lost
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("Entity"), 0);
        String temporary = old.table + MigrateOptions.TEMPORARY_SUFFIX;
        assertThat(inPlace(old.table, "lost.json", MigrationPhase.COPY_BACK).exitCode())
                .isEqualTo(3);
        Files.delete(folder.resolve("lost.json"));

        // WHEN it is run again
        Run refused = inPlace(old.table, "lost-again.json", null);

        // THEN it refuses (the re-created table has this layout but not the data) and names the copy back
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("migrate --from " + temporary + " --to " + old.table);
        assertThat(items(temporary)).hasSize((int) (old.coreItems + old.lines));
        // AND that command finishes it
        Run copyBack = migrate("--from", temporary, "--to", old.table);
        assertThat(copyBack.exitCode()).as(copyBack.err()).isZero();
        assertThat(copyBack.json().get("sourceLayout").asText()).isEqualTo("current");
        assertThat(copyBack.json().get("copy").get("coreWritten").asLong()).isEqualTo(old.coreItems);
        assertThat(TableLayout.ENTITY.differencesFrom(describe(old.table))).isEmpty();
        assertThat(DriftCheck.of(dynamo, old.table).clean()).isTrue();
    }

    @Test
    void inPlace_onATableLeftBeforeItsFinish_shouldFinishIt() throws Exception {
        // GIVEN an in-place migration killed after its copy back, before counters, copies and stream; its checkpoint
        // and temporary table gone
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("Entity"), 0);
        assertThat(inPlace(old.table, "before-finish.json", MigrationPhase.FINISH)
                        .exitCode())
                .isEqualTo(3);
        Files.delete(folder.resolve("before-finish.json"));
        dynamo.deleteTable(request -> request.tableName(old.table + MigrateOptions.TEMPORARY_SUFFIX));
        assertThat(catchMismatch(old.table).getMessage()).contains("the stream is not on");

        // WHEN the command TableBootstrap names for it runs
        Run finished = inPlace(old.table, "finish.json", null);

        // THEN it finished the table: counters, copies, stream
        assertThat(finished.exitCode()).as(finished.err()).isZero();
        assertThat(TableLayout.ENTITY.differencesFrom(describe(old.table))).isEmpty();
        assertThat(DriftCheck.of(dynamo, old.table).clean()).isTrue();
        assertThat(ChildCounters.sum(counters(old.table, old.acme))).isEqualTo(old.acmeChildren());
    }

    @Test
    void tableBootstrap_shouldRefuseALayout1Table_namingTheCommandThatThenMigratesIt() {
        // GIVEN a layout-1 table at the local DynamoDB engine's endpoint
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("Entity"), 0);

        // WHEN the code opens it as the local runtime and the tests do
        TableBootstrap.LayoutMismatchException refusal = catchMismatch(old.table);

        // THEN it is refused, naming the command; and that very command migrates it
        assertThat(refusal.getMessage())
                .contains("index " + FirstLayout.TYPE_GSI + " is not part of this layout")
                .contains(refusal.migrateCommand());
        assertThat(refusal.migrateCommand())
                .isEqualTo(TableBootstrap.MIGRATE + " --endpoint " + local.endpoint() + " --from " + old.table
                        + " --to " + old.table + " --in-place");
        Run run = runNamed(
                refusal.migrateCommand(),
                "--checkpoint",
                folder.resolve("c.json").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, old.table))
                .isFalse();
    }

    @Test
    void dataFolder_shouldBeMigrated_withTheCommandTheLocalDynamoDbNames() throws Exception {
        // GIVEN a data folder of the local DynamoDB engine holding a layout-1 table, and nothing running on it
        Path data = folder.resolve("dynamodb");
        String table = TableLayout.ENTITY.defaultTableName();
        FirstLayoutTable old;
        try (LocalDynamoDb onDisk = LocalDynamoDb.start(LocalDynamoDb.freePort(), data);
                DynamoDbClient client = onDisk.client()) {
            old = FirstLayoutTable.write(client, table, 0);
        }
        String command;
        try (LocalDynamoDb onDisk = LocalDynamoDb.start(LocalDynamoDb.freePort(), data)) {
            TableBootstrap.LayoutMismatchException refusal = null;
            try {
                onDisk.createTable(table);
            } catch (TableBootstrap.LayoutMismatchException e) {
                refusal = e;
            }
            assertThat(refusal).isNotNull();
            command = refusal.migrateCommand();
        }
        assertThat(command)
                .isEqualTo(TableBootstrap.migrateCommand(data, table))
                .contains("--data " + data);

        // WHEN the named command runs (it opens the folder itself)
        Run run = runNamed(command, "--checkpoint", folder.resolve("data.json").toString());

        // THEN the folder's table has this layout: the local runtime's bootstrap accepts it, and it holds the data
        assertThat(run.exitCode()).as(run.err()).isZero();
        try (LocalDynamoDb onDisk = LocalDynamoDb.start(LocalDynamoDb.freePort(), data);
                DynamoDbClient client = onDisk.client()) {
            assertThat(onDisk.createTable(table)).isFalse();
            assertThat(client.getItem(GetItemRequest.builder()
                                    .tableName(table)
                                    .key(ItemKey.of(old.acme.toItem()).toAttributes())
                                    .consistentRead(true)
                                    .build())
                            .item())
                    .isEqualTo(old.acme.toItem());
            assertThat(DriftCheck.of(client, table).clean()).isTrue();
        }
    }

    @Test
    void migrate_shouldDrawProgressOnStderr_onlyWhenATerminalIsAttached() throws Exception {
        // GIVEN
        FirstLayoutTable old = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        String endpoint = local.endpoint().toString();
        String checkpoint = folder.resolve("terminal.json").toString();

        // WHEN run with a terminal, and then again without one
        Run withTerminal = run(
                true,
                MigrateCommand.Interruptions.NONE,
                "migrate",
                "--endpoint",
                endpoint,
                "--from",
                old.table,
                "--to",
                newTable("new"),
                "--checkpoint",
                checkpoint);
        Run piped = migrate("--from", old.table, "--to", newTable("new"));

        // THEN the progress lines are on stderr with a terminal only; stdout is the summary either way
        assertThat(withTerminal.exitCode()).isZero();
        assertThat(withTerminal.err())
                .contains("[copy] " + old.table + " -> ")
                .contains("segments done")
                .contains("[re-verify]");
        assertThat(withTerminal.json().get("command").asText()).isEqualTo("migrate");
        assertThat(piped.exitCode()).isZero();
        assertThat(piped.err()).doesNotContain("segments done").contains("migrate: copy " + old.table);
    }

    @Test
    void conversion_shouldBeTheIdentity_onAnItemOfThisLayout() {
        // GIVEN the items this layout's API writes (a store with its linkCount)
        FirstLayoutTable sample = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        for (CoreItem subject : sample.subjects()) {
            Map<String, AttributeValue> current = new HashMap<>(subject.toItem());
            if (subject == sample.downtown) {
                current.put(Attributes.LINK_COUNT, Values.n(2));
            }
            // WHEN converted as the copy back converts it
            // THEN nothing changes
            assertThat(ItemCopy.converted(current)).isEqualTo(current);
        }
    }

    @Test
    void migrate_shouldRefuse_whileARefreshJobIsNotDone_andWriteNothing() {
        // GIVEN a table whose store delete asked for a refresh job that has not run yet
        FirstLayoutTable source = FirstLayoutTable.write(dynamo, newTable("jobs"), 0);
        String store = Ids.newId();
        Map<String, AttributeValue> job = new HashMap<>(RefreshJob.keyOf(store).toAttributes());
        job.put(Attributes.KIND, Values.s(ItemKind.JOB.value()));
        job.put(Attributes.JOB_SUBJECT, Values.s(Keys.subjectRef(Entity.STORE, store)));
        job.put(Attributes.JOB_REQUESTED_VERSION, Values.n(2));
        dynamo.putItem(request -> request.tableName(source.table).item(job));
        String target = newTable("new");

        // WHEN
        Run refused = migrate("--from", source.table, "--to", target);

        // THEN refused (exit 2), naming the job and what to do, and no target table made
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err())
                .contains("1 job(s) not done", Keys.subjectRef(Entity.STORE, store), "pending", "jobs");
        assertThat(describe(target)).isNull();

        // and once the job is done, the same command goes ahead
        dynamo.updateItem(request -> request.tableName(source.table)
                .key(RefreshJob.keyOf(store).toAttributes())
                .updateExpression("SET #pass = :two")
                .expressionAttributeNames(Map.of("#pass", Attributes.JOB_PASS_VERSION))
                .expressionAttributeValues(Map.of(":two", Values.n(2))));
        Run done = migrate("--from", source.table, "--to", target);
        assertThat(done.exitCode()).as(done.err()).isZero();
    }

    @Test
    void migrate_shouldRefuse_whileABusinessIsBeingErased_andWriteNothing() {
        // GIVEN a table with a business's erase running
        FirstLayoutTable source = FirstLayoutTable.write(dynamo, newTable("erasing"), 0);
        String business = Ids.newId();
        dynamo.putItem(request -> request.tableName(source.table).item(EraseJob.newItem(business, Instant.now())));
        String target = newTable("new");

        // WHEN
        Run refused = migrate("--from", source.table, "--to", target);

        // THEN refused (exit 2), naming the erase, and no target table made
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err())
                .contains("1 job(s) not done", Keys.subjectRef(Entity.BUSINESS, business), "erase running");
        assertThat(describe(target)).isNull();
    }

    @Test
    void migrate_shouldRefuseBadCommandLines_andTablesOfOtherLayouts() {
        String endpoint = local.endpoint().toString();
        assertThat(migrate("--from", "A", "--to", "A").exitCode()).isEqualTo(2);
        assertThat(run(MigrateCommand.Interruptions.NONE, "migrate", "--from", "A", "--to", "A", "--in-place")
                        .exitCode())
                .isEqualTo(2);
        assertThat(migrate("--from", "A").exitCode()).isEqualTo(2);
        assertThat(migrate("--from", "A", "--to", "B", "--data", folder.toString())
                        .exitCode())
                .isEqualTo(2);
        assertThat(migrate("--from", newTable("missing"), "--to", newTable("x")).exitCode())
                .isEqualTo(2);
        // a target of layout 1 is never written
        FirstLayoutTable source = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        FirstLayoutTable otherLayout = FirstLayoutTable.write(dynamo, newTable("old"), 0);
        long before = items(otherLayout.table).size();
        Run refused = migrate("--from", source.table, "--to", otherLayout.table);
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("exists with another layout");
        assertThat(items(otherLayout.table)).hasSize((int) before);
        assertThat(endpoint).isNotBlank();
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    private void deleteBusiness(String table, DeclaredItem business) {
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table)
                        .key(ItemKey.of(business.toItem()).toAttributes())
                        .build())
                .build());
        for (ItemKey counter : ChildCounters.all(business.id())) {
            actions.add(TransactWriteItem.builder()
                    .delete(Delete.builder()
                            .tableName(table)
                            .key(counter.toAttributes())
                            .conditionExpression("attribute_not_exists(#c) OR #c = :zero")
                            .expressionAttributeNames(Map.of("#c", Attributes.CHILD_COUNT))
                            .expressionAttributeValues(Map.of(":zero", Values.n(0)))
                            .build())
                    .build());
        }
        dynamo.transactWriteItems(
                TransactWriteItemsRequest.builder().transactItems(actions).build());
    }

    private static List<Map<String, AttributeValue>> counters(String table, DeclaredItem business) {
        List<Map<String, AttributeValue>> keys = ChildCounters.all(business.id()).stream()
                .map(ItemKey::toAttributes)
                .toList();
        return dynamo.batchGetItem(BatchGetItemRequest.builder()
                        .requestItems(Map.of(
                                table,
                                KeysAndAttributes.builder()
                                        .keys(keys)
                                        .consistentRead(true)
                                        .build()))
                        .build())
                .responses()
                .get(table);
    }

    private static Map<String, AttributeValue> get(String table, ItemKey key) {
        return dynamo.getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(key.toAttributes())
                        .consistentRead(true)
                        .build())
                .item();
    }

    private static Set<Map<String, AttributeValue>> items(String table) {
        Set<Map<String, AttributeValue>> items = new HashSet<>();
        dynamo.scanPaginator(ScanRequest.builder().tableName(table).build())
                .items()
                .forEach(items::add);
        return items;
    }

    private static Set<String> partitions(String table) {
        Set<String> partitions = new HashSet<>();
        items(table).forEach(item -> partitions.add(Values.string(item, Attributes.ID)));
        return partitions;
    }

    /** How many records the stream holds, every shard read from its trim horizon. */
    private static int streamRecords(String streamArn) {
        int records = 0;
        try (DynamoDbStreamsClient streams = local.streamsClient()) {
            for (Shard shard : streams.describeStream(request -> request.streamArn(streamArn))
                    .streamDescription()
                    .shards()) {
                String iterator = streams.getShardIterator(request -> request.streamArn(streamArn)
                                .shardId(shard.shardId())
                                .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                        .shardIterator();
                records += streams.getRecords(request -> request.shardIterator(iterator))
                        .records()
                        .size();
            }
        }
        return records;
    }

    private static TableDescription describe(String table) {
        try {
            return dynamo.describeTable(request -> request.tableName(table)).table();
        } catch (ResourceNotFoundException e) {
            return null;
        }
    }

    private static TableBootstrap.LayoutMismatchException catchMismatch(String table) {
        try {
            TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, table);
        } catch (TableBootstrap.LayoutMismatchException e) {
            return e;
        }
        throw new AssertionError("a layout-1 table was accepted");
    }

    private record Run(int exitCode, String out, String err) {
        JsonNode json() throws Exception {
            assertThat(out).as(err).isNotBlank();
            return JSON.readTree(out);
        }
    }

    /** migrate --in-place of {@code table}; killed when it reaches {@code killAt} (null: never). */
    private Run inPlace(String table, String checkpoint, MigrationPhase killAt) {
        MigrateCommand.Interruptions interruptions = new MigrateCommand.Interruptions() {
            @Override
            public void phaseReached(MigrationPhase phase) {
                if (phase == killAt) {
                    throw new IllegalStateException("killed");
                }
            }
        };
        return run(
                interruptions,
                "migrate",
                "--endpoint",
                local.endpoint().toString(),
                "--from",
                table,
                "--to",
                table,
                "--in-place",
                "--checkpoint",
                folder.resolve(checkpoint).toString());
    }

    /** migrate against the in-process local DynamoDB engine, with a checkpoint in this test's folder unless one is given. */
    private Run migrate(String... options) {
        List<String> args = new ArrayList<>(
                List.of("migrate", "--endpoint", local.endpoint().toString()));
        args.addAll(Arrays.asList(options));
        if (!args.contains("--checkpoint")) {
            args.addAll(List.of(
                    "--checkpoint",
                    folder.resolve("checkpoint-" + TABLES.incrementAndGet() + ".json")
                            .toString()));
        }
        return run(MigrateCommand.Interruptions.NONE, args.toArray(String[]::new));
    }

    /** Runs a command line as TableBootstrap spells it, without its {@code java -jar} prefix. */
    private static Run runNamed(String commandLine, String... more) {
        assertThat(commandLine).startsWith(TableBootstrap.MIGRATE + " ");
        List<String> args = new ArrayList<>(List.of("migrate"));
        args.addAll(Arrays.asList(
                commandLine.substring(TableBootstrap.MIGRATE.length()).trim().split(" ")));
        args.addAll(Arrays.asList(more));
        return run(MigrateCommand.Interruptions.NONE, args.toArray(String[]::new));
    }

    private static Run run(MigrateCommand.Interruptions interruptions, String... args) {
        return run(false, interruptions, args);
    }

    private static Run run(boolean terminal, MigrateCommand.Interruptions interruptions, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exitCode = Main.run(List.of(args), outStream, errStream, terminal, interruptions);
        }
        return new Run(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String newTable(String prefix) {
        return prefix + "-" + TABLES.incrementAndGet();
    }
}
