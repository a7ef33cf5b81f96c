package io.entitytable.capacity;

import java.nio.file.Path;

/**
 * {@code java -jar capacity.jar <workload.json>}: prints the capacity report of the workload as Markdown, the current
 * layout beside the first. The workloads are in tools/capacity/workloads: {@code reference.json}, and
 * {@code flash-sale.json}, the reference with its largest business at 10,000 orders a second.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -jar capacity.jar <workload.json>"
                    + " (tools/capacity/workloads/reference.json, tools/capacity/workloads/flash-sale.json)");
            System.exit(2);
        }
        Workload workload = Workload.read(Path.of(args[0]));
        System.out.print(new Report(workload).markdown());
    }
}
