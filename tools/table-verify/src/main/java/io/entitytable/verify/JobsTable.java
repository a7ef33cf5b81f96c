package io.entitytable.verify;

import io.entitytable.model.IsoInstants;
import io.entitytable.model.RefreshJob;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The refresh jobs as a small aligned text table for people (the {@code jobs} command's stdout). */
final class JobsTable {
    static final List<String> HEADER = List.of("subject", "status", "stopped", "pass", "copies", "segments", "updated");

    private JobsTable() {}

    static String of(List<RefreshJob> jobs, Instant now) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (RefreshJob job : jobs) {
            rows.add(List.of(
                    String.valueOf(job.subjectRef()),
                    job.status().value(),
                    job.stoppedAt(now) ? "yes" : "no",
                    Long.toString(job.pass()),
                    job.copiesDone() + "/" + job.copiesTotal(),
                    job.doneSegments() + "/" + job.segments(),
                    job.updatedAt() == null ? "-" : IsoInstants.format(job.updatedAt())));
        }
        int[] widths = new int[HEADER.size()];
        for (List<String> row : rows) {
            for (int column = 0; column < row.size(); column++) {
                widths[column] = Math.max(widths[column], row.get(column).length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int column = 0; column < row.size(); column++) {
                line.append(String.format("%-" + widths[column] + "s", row.get(column)));
                if (column < row.size() - 1) {
                    line.append("  ");
                }
            }
            text.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return text.toString();
    }
}
