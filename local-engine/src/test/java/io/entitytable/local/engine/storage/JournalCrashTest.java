package io.entitytable.local.engine.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every write the storage acknowledged survives the process being killed (SIGKILL, no chance to close anything): a
 * child JVM commits and prints numbers, is killed mid-way, and the folder reopened holds every number it printed. Three
 * rounds on one folder, each killed at a different point, with snapshots every few hundred commits.
 */
class JournalCrashTest {
    private static final long SNAPSHOT_THRESHOLD_BYTES = 64 * 1024;

    @TempDir
    Path folder;

    @Test
    void committed_shouldSurviveSigkillOfTheProcess() throws Exception {
        List<Integer> acknowledged = new ArrayList<>();
        int[] killAfter = {700, 1900, 1300};
        for (int round = 0; round < killAfter.length; round++) {
            // GIVEN a child committing numbers from the next one
            int first = acknowledged.size();

            // WHEN it is killed after printing some
            List<Integer> printed = runAndKill(first, killAfter[round], folder.resolve("stderr-" + round + ".txt"));

            // THEN the folder holds every number printed, this round and before
            assertThat(printed).hasSizeGreaterThanOrEqualTo(killAfter[round]);
            acknowledged.addAll(printed);
            Set<String> kept;
            try (JournalStorage storage = JournalStorage.open(folder.resolve("data"))) {
                kept = RecordingLoader.load(storage).items("t").stream()
                        .map(item -> item.get("pk").get("S").asText())
                        .collect(Collectors.toSet());
            }
            assertThat(kept)
                    .containsAll(acknowledged.stream().map(String::valueOf).toList());
            // commits are applied in order, so what survived is every number up to some point, without a hole
            assertThat(kept)
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, kept.size())
                            .mapToObj(String::valueOf)
                            .toList());
            acknowledged.clear();
            IntStream.range(0, kept.size()).forEach(acknowledged::add);
        }
    }

    private List<Integer> runAndKill(int first, int killAfter, Path stderr) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        JournalCrashChild.class.getName(),
                        folder.resolve("data").toString(),
                        Integer.toString(first),
                        Long.toString(SNAPSHOT_THRESHOLD_BYTES))
                .redirectError(stderr.toFile())
                .start();
        List<Integer> printed = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                printed.add(Integer.valueOf(line.trim()));
                if (printed.size() == killAfter) {
                    // Killing closes this end of the pipe: what the child printed after is not read, nor needed.
                    child.destroyForcibly();
                    break;
                }
            }
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(printed)
                .as("numbers printed before the child ended; its stderr: %s", Files.readString(stderr))
                .hasSizeGreaterThanOrEqualTo(killAfter);
        return printed;
    }
}
