package io.entitytable.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class ReportTest {
    @Test
    void render_shouldWriteFiguresAlikeInEveryLocale_andTakePlainTextAsItIs() {
        // GIVEN a JVM whose locale writes 1,234.5 as 1.234,5
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            Report report = new Report();
            Report.Section section = report.section("Data");

            // WHEN
            report.target("Lag", true, "%.1f ms over %,d writes", 1.25, 12_000);
            section.line("%,d items", 1_234);
            section.line("85 % of the memory");

            // THEN
            assertThat(report.render("# Report"))
                    .contains("- Lag: **met** (1.3 ms over 12,000 writes)")
                    .contains("1,234 items\n")
                    .contains("85 % of the memory\n");
        } finally {
            Locale.setDefault(before);
        }
    }
}
