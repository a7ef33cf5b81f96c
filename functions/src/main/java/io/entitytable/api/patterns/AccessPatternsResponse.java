package io.entitytable.api.patterns;

import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The list access patterns as {@code GET /patterns} answers them. */
@Schema(
        name = "AccessPatterns",
        description = "Every list access pattern and whether it may answer now; a pattern whose index backfill is not"
                + " ready answers 503 until it is")
public record AccessPatternsResponse(List<Pattern> patterns) {

    /** One list access pattern. */
    @Schema(name = "AccessPattern", description = "A list access pattern, as docs/design.md §3 numbers it")
    public record Pattern(
            @Schema(description = "Its number in docs/design.md §3; two variants of one pattern share it") int number,
            @Schema(description = "Its name, e.g. `customers-by-email`") String name,
            @Schema(description = "The operation that answers it") String operationId,
            @Schema(description = "The table or index its Query reads") String index,
            @Schema(description = "Its key condition, as the contract states it") String keyCondition,
            @Schema(description = "Whether it answers now: false while its index backfill is not ready") boolean ready,
            @Schema(description = "Its index backfill; absent for a pattern that needs none") Backfill backfill) {}

    /**
     * Where a pattern's index backfill stands: its running pass, how far it is (0 to 100), the items it has read,
     * given the index attributes and left to a newer write.
     */
    @Schema(
            name = "IndexBackfill",
            description = "A pass over the table that gives the items written before a pattern the index attributes"
                    + " it reads; the pattern answers once a whole pass finds nothing to change. `pass` is 0 on a"
                    + " table created with the pattern; `readyAt` is absent before it is ready")
    public record Backfill(
            String name,
            @Schema(enumeration = {"pending", "backfilling", "verifying", "ready"}) String phase,
            long pass,
            int percent,
            long scanned,
            long changed,
            long conflicts,
            Instant readyAt) {

        /** A backfill no runner has started: its pattern waits for the first pass. */
        static Backfill pending(IndexBackfill backfill) {
            return new Backfill(backfill.name(), "pending", 0, 0, 0, 0, 0, null);
        }

        static Backfill of(BackfillProgress p) {
            String phase = p.phase().value();
            return new Backfill(
                    p.name(), phase, p.pass(), p.percent(), p.scanned(), p.changed(), p.conflicts(), p.readyAt());
        }
    }

    public static AccessPatternsResponse from(Map<IndexBackfill, Optional<BackfillProgress>> progress) {
        return new AccessPatternsResponse(Arrays.stream(AccessPattern.values())
                // The declared entities' lists have no number of design §3 and no one operation.
                .filter(pattern -> pattern.number() > 0)
                .map(pattern -> {
                    Optional<IndexBackfill> backfill = IndexBackfill.of(pattern);
                    Optional<BackfillProgress> state =
                            backfill.flatMap(b -> progress.getOrDefault(b, Optional.empty()));
                    return new Pattern(
                            pattern.number(),
                            pattern.name().toLowerCase(Locale.ROOT).replace('_', '-'),
                            pattern.operationId(),
                            pattern.index(),
                            pattern.keyCondition(),
                            backfill.isEmpty()
                                    || state.map(BackfillProgress::isReady).orElse(false),
                            backfill.map(b -> state.map(Backfill::of).orElseGet(() -> Backfill.pending(b)))
                                    .orElse(null));
                })
                .toList());
    }
}
