package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The whole local system with its search index, as {@code start} runs it, shared by the tests of one test JVM that need
 * no other options: a start of it, its search engine's JVM and its four functions' JVMs, is among the build's largest
 * costs in processor time. A test that takes it (a {@link LocalSystem} parameter, with {@code
 * ExtendWith(SearchSystem.class)}) writes businesses of its own and judges those only, or the whole table as it was at
 * the test's own start; the system stops after the JVM's last test.
 */
public final class SearchSystem implements ParameterResolver {
    private static final Duration SETTLED_WITHIN = Duration.ofSeconds(60);
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SearchSystem.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == LocalSystem.class;
    }

    @Override
    public LocalSystem resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(Running.class, type -> Running.start(), Running.class)
                .system();
    }

    /**
     * Waits until the stream is delivered and the refresh queue is empty, visible or in flight: a store delete or an
     * erase leaves a job that goes on after its call, and a test that judges the whole table judges one that nothing
     * else is still changing.
     */
    public static void awaitSettled(LocalSystem system) throws InterruptedException {
        String queue = system.queues().queues().queueUrl();
        long deadline = System.nanoTime() + SETTLED_WITHIN.toNanos();
        while (true) {
            assertThat(system.pump().awaitCaughtUp(SETTLED_WITHIN))
                    .as("stream caught up")
                    .isTrue();
            if (system.queues().depth(queue) == 0) {
                return;
            }
            assertThat(System.nanoTime()).as("settled within " + SETTLED_WITHIN).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** The running system, which the root store closes after the last test, deleting its data folder. */
    private record Running(LocalSystem system) implements AutoCloseable {
        static Running start() {
            try {
                Path dataFolder = Files.createTempDirectory("search-system");
                LocalOptions options = new LocalOptions(
                                TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity")
                        .withSearch(0);
                return new Running(LocalSystem.start(options, System.out));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            system.close();
            try (Stream<Path> paths = Files.walk(system.options().dataFolder())) {
                paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }
}
