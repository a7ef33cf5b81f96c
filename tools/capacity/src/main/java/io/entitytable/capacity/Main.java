package io.entitytable.capacity;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code java -jar capacity.jar <workload.json>}: prints the capacity report of the workload as Markdown, the current
 * layout beside the first. The workloads are in tools/capacity/workloads: {@code reference.json}, and
 * {@code flash-sale.json}, the reference with its largest business at 10,000 orders a second.
 */
public final class Main {
    static final int USAGE_ERROR = 2;
    private static final String USAGE = "usage: java -jar capacity.jar <workload.json>"
            + " (tools/capacity/workloads/reference.json, tools/capacity/workloads/flash-sale.json)";

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Prints the report to {@code out}; a missing or unreadable workload is a usage error, said on {@code err}. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 1) {
            err.println(USAGE);
            return USAGE_ERROR;
        }
        Path file = Path.of(args[0]);
        if (!Files.isRegularFile(file)) {
            err.println("no workload file " + file);
            err.println(USAGE);
            return USAGE_ERROR;
        }
        Workload workload;
        try {
            workload = Workload.read(file);
        } catch (JsonProcessingException e) {
            // The original message names the field or the character; the location, when known, where in the file.
            JsonLocation where = e.getLocation();
            err.println(file + " is not a workload: " + e.getOriginalMessage()
                    + (where == null ? "" : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")"));
            return USAGE_ERROR;
        } catch (IOException e) {
            err.println("cannot read " + file + ": " + e.getMessage());
            return USAGE_ERROR;
        }
        out.print(new Report(workload).markdown());
        return 0;
    }
}
