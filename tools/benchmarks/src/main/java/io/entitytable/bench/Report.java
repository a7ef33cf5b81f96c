package io.entitytable.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Markdown report. Sections are declared up front in reading order and filled in whatever order the benchmarks
 * run; target lines are collected and listed once, at the top.
 */
final class Report {
    private final List<Section> sections = new ArrayList<>();
    private final StringBuilder targets = new StringBuilder();

    static final class Section {
        private final String title;
        private final StringBuilder body = new StringBuilder();

        private Section(String title) {
            this.title = title;
        }

        void line(String text) {
            body.append(text).append('\n');
        }

        /** A line of {@code format} with {@code figures} in it, written alike whatever the JVM's locale. */
        void line(String format, Object... figures) {
            line(String.format(Locale.ROOT, format, figures));
        }

        void table(List<String> header, List<List<String>> rows) {
            body.append("| ").append(String.join(" | ", header)).append(" |\n");
            body.append("|").append("---|".repeat(header.size())).append('\n');
            for (List<String> row : rows) {
                body.append("| ").append(String.join(" | ", row)).append(" |\n");
            }
            body.append('\n');
        }
    }

    Section section(String title) {
        Section section = new Section(title);
        sections.add(section);
        return section;
    }

    /** One target line: what was measured against what was asked, and whether it is met. */
    void target(String name, boolean met, String measured) {
        targets.append(String.format(Locale.ROOT, "- %s: **%s** (%s)%n", name, met ? "met" : "not met", measured));
    }

    /** One target line whose measurement is {@code format} with {@code figures} in it, alike whatever the locale. */
    void target(String name, boolean met, String format, Object... figures) {
        target(name, met, String.format(Locale.ROOT, format, figures));
    }

    String render(String heading) {
        StringBuilder out =
                new StringBuilder(heading).append("\n\n## Targets\n\n").append(targets);
        for (Section section : sections) {
            out.append("\n## ").append(section.title).append("\n\n").append(section.body);
        }
        return out.toString();
    }
}
