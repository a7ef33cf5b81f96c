package io.entitytable.local.pump;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.testfunction.RecordingStreamHandler;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The pump invoking a packaged stream function through the Runtime API and AWS's runtime interface client, i.e. the
 * path the real fan-out takes locally. The function is a test handler zipped here in the deployment package layout
 * (classes at the root, {@code lib/*.jar}); the runtime client reads the pump's events with its own serializer.
 */
class PackagedStreamFunctionTest {
    private static final PumpOptions FAST =
            new PumpOptions(Duration.ofMillis(20), Duration.ofMillis(5), Duration.ofMillis(50));

    @TempDir
    Path folder;

    @Test
    void pump_shouldDeliverToThePackagedFunction_andDeadLetterWhatItRejects() throws Exception {
        // GIVEN a packaged stream function that rejects one poison item
        Path zip = packageTestFunction();
        Path recording = folder.resolve("received.txt");
        FunctionDefinition definition = new FunctionDefinition(
                "test-stream", "none", RecordingStreamHandler.class.getName() + "::handleRequest", null, 256, 10);
        try (LocalDynamoDb db = LocalDynamoDb.startInMemory();
                DynamoDbClient dynamo = db.client();
                RuntimeApiServer runtimeApi = RuntimeApiServer.plain(0)) {
            db.createTable("Entity");
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                ids.add(Ids.newId());
                put(dynamo, ids.get(i));
            }
            String poison = ids.get(2);
            Map<String, String> env = new HashMap<>(FunctionEnvironment.of(
                    definition, runtimeApi.runtimeApiAddress(), folder.resolve("task"), "Entity", db.endpoint()));
            env.put("RECORDING_FILE", recording.toString());
            env.put("ID_ATTRIBUTE", Attributes.ID);
            env.put("POISON_ID", poison);
            DeadLetterFolder dlq = new DeadLetterFolder(
                    folder.resolve("dlq"),
                    "arn:aws:lambda:us-east-1:000000000000:function:test-stream",
                    Clock.systemUTC());

            try (PackagedFunction function = PackagedFunction.start(
                            definition,
                            zip,
                            folder.resolve("task"),
                            runtimeApi,
                            env,
                            System.out,
                            PackagedFunction.CONSOLE_ONLY);
                    StreamPump pump = new StreamPump(
                                    dynamo,
                                    db.streamsClient(),
                                    "Entity",
                                    StreamTrigger.DEFAULT,
                                    timed(new RuntimeApiInvoker(runtimeApi.invokeUri(), Duration.ofSeconds(10))),
                                    dlq,
                                    Checkpoints.inMemory(),
                                    FAST,
                                    Clock.systemUTC(),
                                    System.out::println)
                            .start()) {
                System.out.println("[test] packaged stream function init "
                        + function.initTime().toMillis() + " ms");

                // WHEN the pump has delivered the stream
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (dlq.files().isEmpty() || received(recording).size() < 5) {
                    assertThat(System.nanoTime()).as("stream delivered in time").isLessThan(deadline);
                    Thread.sleep(50);
                }
            }

            // THEN the function got every other item, in order, and the poison item is dead-lettered alone
            List<String> expected = new ArrayList<>(ids);
            expected.remove(poison);
            assertThat(received(recording)).containsExactlyElementsOf(expected);
            JsonNode deadLetter = new ObjectMapper().readTree(dlq.files().get(0).toFile());
            assertThat(deadLetter.at("/DDBStreamBatchInfo/batchSize").asInt()).isEqualTo(1);
            assertThat(deadLetter.at("/responseContext/functionError").asText()).isEqualTo("Unhandled");
            DynamodbEvent discarded =
                    DynamodbEventJson.read(deadLetter.at("/payload").asText());
            assertThat(discarded
                            .getRecords()
                            .get(0)
                            .getDynamodb()
                            .getKeys()
                            .get(Attributes.ID)
                            .getS())
                    .isEqualTo(poison);
        }
    }

    @Test
    void pump_shouldRetryOnANewJvm_whenTheFunctionsJvmDiesDuringAnInvocation() throws Exception {
        // GIVEN a packaged stream function whose JVM dies during its first invocation, with a timeout far longer than
        // the test may wait: only the runtime's exit can end that invocation in time
        // WHEN the pump delivers the stream
        Delivery delivery = deliverWithFirstInvocation("CRASH_ONCE_MARKER", 300);

        // THEN the invocation failed as Lambda fails one whose runtime exited, a new JVM took over, and nothing was
        // lost or dead-lettered
        assertThat(delivery.failures()).singleElement().satisfies(failed -> assertThat(failed)
                .contains("\"errorType\":\"Runtime.ExitError\""));
        assertThat(delivery.newJvm()).isTrue();
        assertThat(delivery.deadLetters()).isEmpty();
    }

    @Test
    void pump_shouldRetryOnANewJvm_whenAnInvocationOutlivesTheFunctionsTimeout() throws Exception {
        // GIVEN a packaged stream function whose first invocation never returns, with a timeout of 2 s
        // WHEN the pump delivers the stream
        Delivery delivery = deliverWithFirstInvocation("HANG_ONCE_MARKER", 2);

        // THEN the invocation failed, its JVM's threads were printed (the handler among them) before it was ended, a
        // new JVM took over, and nothing was lost or dead-lettered
        assertThat(delivery.failures()).isNotEmpty();
        assertThat(delivery.console())
                .contains("[test-stream] an invocation ran past the function's timeout of 2 s")
                .contains(RecordingStreamHandler.class.getName() + ".handleRequest");
        assertThat(delivery.newJvm()).isTrue();
        assertThat(delivery.deadLetters()).isEmpty();
    }

    /** What the pump and the function did until every record was recorded. */
    private record Delivery(List<String> failures, boolean newJvm, List<Path> deadLetters, String console) {}

    /**
     * Puts three items, then runs the packaged test function (its first invocation disturbed by {@code marker}, a
     * variable of {@link RecordingStreamHandler}) behind a pump until it has recorded all three, or fails after 30 s.
     */
    private Delivery deliverWithFirstInvocation(String marker, int timeoutSeconds) throws Exception {
        Path zip = packageTestFunction();
        Path recording = folder.resolve("received.txt");
        FunctionDefinition definition = new FunctionDefinition(
                "test-stream",
                "none",
                RecordingStreamHandler.class.getName() + "::handleRequest",
                null,
                256,
                timeoutSeconds);
        Duration timeout = Duration.ofSeconds(definition.timeoutSeconds());
        List<String> failures = new CopyOnWriteArrayList<>();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        OutputStream toBoth = new OutputStream() {
            @Override
            public void write(int b) {
                System.out.write(b);
                printed.write(b);
            }
        };
        PrintStream console = new PrintStream(toBoth, true, StandardCharsets.UTF_8);
        try (LocalDynamoDb db = LocalDynamoDb.startInMemory();
                DynamoDbClient dynamo = db.client();
                RuntimeApiServer runtimeApi = RuntimeApiServer.plain(0, timeout)) {
            db.createTable("Entity");
            List<String> ids = List.of(Ids.newId(), Ids.newId(), Ids.newId());
            ids.forEach(id -> put(dynamo, id));
            Map<String, String> env = new HashMap<>(FunctionEnvironment.of(
                    definition, runtimeApi.runtimeApiAddress(), folder.resolve("task"), "Entity", db.endpoint()));
            env.put("RECORDING_FILE", recording.toString());
            env.put("ID_ATTRIBUTE", Attributes.ID);
            env.put("POISON_ID", "none");
            env.put(marker, folder.resolve("disturbed").toString());
            DeadLetterFolder dlq = new DeadLetterFolder(
                    folder.resolve("dlq"),
                    "arn:aws:lambda:us-east-1:000000000000:function:test-stream",
                    Clock.systemUTC());
            FunctionInvoker invoker = event -> {
                InvocationResult result = new RuntimeApiInvoker(runtimeApi.invokeUri(), timeout).invoke(event);
                if (result.functionError()) {
                    failures.add(result.payload());
                }
                return result;
            };
            try (PackagedFunction function = PackagedFunction.start(
                            definition,
                            zip,
                            folder.resolve("task"),
                            runtimeApi,
                            env,
                            console,
                            PackagedFunction.CONSOLE_ONLY);
                    StreamPump pump = new StreamPump(
                                    dynamo,
                                    db.streamsClient(),
                                    "Entity",
                                    StreamTrigger.DEFAULT,
                                    invoker,
                                    dlq,
                                    Checkpoints.inMemory(),
                                    FAST,
                                    Clock.systemUTC(),
                                    System.out::println)
                            .start()) {
                long firstPid = function.pid();
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (!Set.copyOf(received(recording)).containsAll(ids)) {
                    assertThat(System.nanoTime()).as("stream delivered in time").isLessThan(deadline);
                    Thread.sleep(50);
                }
                assertThat(Files.exists(folder.resolve("disturbed"))).isTrue();
                // A copy: closing the pump below interrupts an invocation still in flight, which the invoker then
                // records as failed, after everything this delivery is about.
                return new Delivery(
                        List.copyOf(failures),
                        function.pid() != firstPid,
                        dlq.files(),
                        printed.toString(StandardCharsets.UTF_8));
            }
        }
    }

    private static FunctionInvoker timed(FunctionInvoker invoker) {
        return event -> {
            long start = System.nanoTime();
            InvocationResult result = invoker.invoke(event);
            System.out.println("[test] invocation took " + (System.nanoTime() - start) / 1_000_000 + " ms");
            return result;
        };
    }

    private static List<String> received(Path recording) throws IOException {
        return Files.exists(recording) ? Files.readAllLines(recording) : List.of();
    }

    private static void put(DynamoDbClient dynamo, String id) {
        dynamo.putItem(request -> request.tableName("Entity")
                .item(Map.of(
                        Attributes.ID, AttributeValue.fromS(id),
                        Attributes.TYPE, AttributeValue.fromS(Keys.BUSINESS_TYPE),
                        Attributes.KIND, AttributeValue.fromS(ItemKind.CORE.value()),
                        Attributes.VERSION, AttributeValue.fromN("1"))));
    }

    /** The deployment package layout: the handler's class at the root, its library in lib/. */
    private Path packageTestFunction() throws Exception {
        Path zip = folder.resolve("function.zip");
        String classFile = RecordingStreamHandler.class.getName().replace('.', '/') + ".class";
        Path eventsJar = Path.of(DynamodbEvent.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry(classFile));
            try (var in = RecordingStreamHandler.class.getClassLoader().getResourceAsStream(classFile)) {
                in.transferTo(out);
            }
            out.closeEntry();
            // The Java runtime's event serializer needs joda-time from the function's package, as on AWS.
            Path jodaJar = Path.of(org.joda.time.DateTime.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path jar : List.of(eventsJar, jodaJar)) {
                out.putNextEntry(new ZipEntry("lib/" + jar.getFileName()));
                Files.copy(jar, (OutputStream) out);
                out.closeEntry();
            }
        }
        return zip;
    }
}
