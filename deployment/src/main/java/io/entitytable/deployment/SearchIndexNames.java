package io.entitytable.deployment;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of one search index family: the alias readers and writers use, the alias of the index a rebuild is
 * filling, and the physical indexes behind them ({@code <alias>-v<mapping>} for the first of a mapping version, then
 * {@code <alias>-v<mapping>-<generation>} for each rebuild). {@link SearchIndex#NAMES} is the project's; tests use their
 * own alias.
 */
public record SearchIndexNames(String alias) {
    static final String NEXT_SUFFIX = "-next";

    public SearchIndexNames {
        if (alias == null || alias.isBlank()) {
            throw new IllegalArgumentException("alias must not be blank");
        }
    }

    /** The alias of the index a rebuild is filling, e.g. {@code entities-next}. */
    public String nextAlias() {
        return alias + NEXT_SUFFIX;
    }

    /** The first index of the current mapping version, e.g. {@code entities-v1}: what a first start creates. */
    public String first() {
        return physical(SearchIndex.MAPPING_VERSION, 1);
    }

    /** {@code <alias>-v<mapping>} for generation 1, {@code <alias>-v<mapping>-<generation>} after. */
    public String physical(int mappingVersion, int generation) {
        if (mappingVersion < 1 || generation < 1) {
            throw new IllegalArgumentException("mapping version and generation start at 1");
        }
        String base = alias + "-v" + mappingVersion;
        return generation == 1 ? base : base + "-" + generation;
    }

    /**
     * The index a rebuild fills after {@code current} (the one behind the alias, if any): the next generation of the
     * same mapping version, or the first of the current mapping version when {@code current} is of another one, is
     * missing, or is not a name of this family.
     */
    public String after(Optional<String> current) {
        return current.flatMap(this::parse)
                .filter(parsed -> parsed.mappingVersion() == SearchIndex.MAPPING_VERSION)
                .map(parsed -> physical(parsed.mappingVersion(), parsed.generation() + 1))
                .orElseGet(this::first);
    }

    /** Whether {@code index} is a physical index of this family built with the current mapping version. */
    public boolean isCurrentMapping(String index) {
        return parse(index)
                .filter(parsed -> parsed.mappingVersion() == SearchIndex.MAPPING_VERSION)
                .isPresent();
    }

    /** The mapping version and generation of a physical name of this family. */
    public Optional<Generation> parse(String index) {
        Matcher matcher = Pattern.compile(Pattern.quote(alias) + "-v(\\d{1,9})(?:-(\\d{1,9}))?")
                .matcher(index);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        int mapping = Integer.parseInt(matcher.group(1));
        int generation = matcher.group(2) == null ? 1 : Integer.parseInt(matcher.group(2));
        return mapping < 1 || generation < 1 ? Optional.empty() : Optional.of(new Generation(mapping, generation));
    }

    /** Where a physical index stands: its mapping version and its rebuild generation (1 for the first). */
    public record Generation(int mappingVersion, int generation) {}
}
