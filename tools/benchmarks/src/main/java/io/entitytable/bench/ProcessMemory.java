package io.entitytable.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Resident memory (VmRSS from {@code /proc/<pid>/status}, Linux only) of this JVM and of the child processes it
 * started: the search engine's JVM is found by its main class on its command line.
 */
final class ProcessMemory {
    static final String ENGINE_MAIN_CLASS = "io.entitytable.search.local.LocalSearchMain";

    /**
     * @param engineBytes the search engine's JVM, or -1 when it was not found
     * @param otherChildrenBytes every other descendant (the functions' JVMs)
     * @param selfBytes this JVM: the local DynamoDB engine, the front door, the pumps, the benchmark
     */
    record Snapshot(long engineBytes, long otherChildrenBytes, int otherChildren, long selfBytes) {
        long totalBytes() {
            return Math.max(0, engineBytes) + otherChildrenBytes + selfBytes;
        }
    }

    private ProcessMemory() {}

    static Snapshot now() {
        long engine = -1;
        long others = 0;
        int otherCount = 0;
        List<ProcessHandle> children = ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .toList();
        for (ProcessHandle child : children) {
            long rss = rss(child.pid());
            if (rss < 0) {
                continue;
            }
            Optional<String> command = child.info().commandLine();
            if (command.isPresent() && command.get().contains(ENGINE_MAIN_CLASS)) {
                engine = rss;
            } else {
                others += rss;
                otherCount++;
            }
        }
        return new Snapshot(
                engine, others, otherCount, rss(ProcessHandle.current().pid()));
    }

    /** VmRSS in bytes, or -1 when unreadable (not Linux, or the process is gone). */
    static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    String kilobytes = line.substring("VmRSS:".length()).trim().split("\\s+")[0];
                    return Long.parseLong(kilobytes) * 1024;
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
