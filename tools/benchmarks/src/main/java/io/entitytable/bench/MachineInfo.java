package io.entitytable.bench;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** The heading of a report: when, in which mode, on what machine (figures that matter are ratios; these explain them). */
final class MachineInfo {
    private MachineInfo() {}

    static String heading(Mode mode, double seconds) {
        return String.format(
                Locale.ROOT,
                "# Entity Table benchmark report%n%n"
                        + "- run: %s, mode `%s`, took %.0f s%n"
                        + "- machine: %d CPUs (`nproc`), memory %s, load average at the end %s%n"
                        + "- JVM: %s %s; " + LocalDynamoDb.engineName()
                        + " in-process (in memory); functions in child JVMs "
                        + "(`-XX:TieredStopAtLevel=1`, the serial collector below 1,792 MB, as the local runtime starts them)%n"
                        + "- every ratio compares two things measured in this same run, interleaved",
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                mode.name(),
                seconds,
                Runtime.getRuntime().availableProcessors(),
                memory(),
                read("/proc/loadavg").trim(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"));
    }

    /** The load average over 1, 5 and 15 minutes, as {@code /proc/loadavg} has it. */
    static String loadAverage() {
        String[] fields = read("/proc/loadavg").trim().split(" ");
        return fields.length < 3 ? "unknown" : fields[0] + " " + fields[1] + " " + fields[2];
    }

    private static String memory() {
        String total = null;
        String available = null;
        for (String line : read("/proc/meminfo").split("\n")) {
            if (line.startsWith("MemTotal:")) {
                total = gib(line);
            } else if (line.startsWith("MemAvailable:")) {
                available = gib(line);
            }
        }
        return total == null ? "unknown" : total + " total, " + available + " available";
    }

    private static String gib(String line) {
        long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
        return String.format(Locale.ROOT, "%.1f GiB", kib / 1024.0 / 1024.0);
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            return "unknown";
        }
    }
}
