package io.entitytable.verify;

import io.entitytable.model.EraseJob;
import io.entitytable.model.IsoInstants;
import io.entitytable.model.RefreshJob;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The refresh jobs as a small aligned text table for people (the {@code jobs} command's stdout), followed, when there
 * are any, by the erase jobs in a table of their own: an erase works in rounds and phases and counts items deleted, not
 * passes and copies.
 */
final class JobsTable {
    static final List<String> HEADER = List.of("subject", "status", "stopped", "pass", "copies", "segments", "updated");
    static final List<String> ERASE_HEADER =
            List.of("subject", "status", "stopped", "round", "phase", "segments", "deleted", "updated");

    private JobsTable() {}

    static String of(List<RefreshJob> jobs, List<EraseJob> erases, Instant now) {
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
                    updated(job.updatedAt())));
        }
        String text = aligned(rows);
        if (erases.isEmpty()) {
            return text;
        }
        List<List<String>> eraseRows = new ArrayList<>();
        eraseRows.add(ERASE_HEADER);
        for (EraseJob erase : erases) {
            eraseRows.add(List.of(
                    JobsReport.subjectOf(erase),
                    erase.status().value(),
                    erase.stoppedAt(now) ? "yes" : "no",
                    Long.toString(erase.round()),
                    erase.phase().value(),
                    erase.doneSegments() + "/" + erase.segments(),
                    Long.toString(erase.itemsDeleted()),
                    updated(erase.updatedAt())));
        }
        return text + System.lineSeparator() + aligned(eraseRows);
    }

    private static String updated(Instant updatedAt) {
        return updatedAt == null ? "-" : IsoInstants.format(updatedAt);
    }

    private static String aligned(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
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
