package io.entitytable.api.table;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether an access pattern may answer: one whose index attributes a table written before it lacks answers only once
 * its backfill is ready ({@link IndexBackfill}), since a Query of a half-filled index would miss subjects without
 * saying so. Until then a request for it is a 503 with the backfill's progress.
 *
 * <p>A ready backfill never stops being ready, so an instance reads the progress item until it sees it ready and never
 * again. Before that it reads it at most every {@link #RECHECK}, so a client retrying in a tight loop costs no read
 * each. One per table ({@link EntityTable#patterns}).
 */
public class PatternReadiness {
    /** How long an instance trusts a progress that was not ready yet. */
    static final Duration RECHECK = Duration.ofSeconds(5);

    /** What a 503 asks a client to wait: a backfill moves by minutes, not seconds. */
    static final int RETRY_AFTER_SECONDS = 30;

    private final EntityTable table;
    private final Clock clock;
    private final Map<IndexBackfill, Seen> seen = new ConcurrentHashMap<>();

    PatternReadiness(EntityTable table, Clock clock) {
        this.table = table;
        this.clock = clock;
    }

    /** Returns when {@code pattern} may answer; a 503 with its backfill's progress when it may not yet. */
    public void require(AccessPattern pattern) {
        Optional<IndexBackfill> backfill = IndexBackfill.of(pattern);
        if (backfill.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        Seen last = seen.get(backfill.get());
        if (last == null || (!last.ready() && now.isAfter(last.at().plus(RECHECK)))) {
            last = new Seen(new BackfillProgressItems(table.dynamo(), table.name()).read(backfill.get()), now);
            seen.put(backfill.get(), last);
        }
        if (!last.ready()) {
            throw ApiProblem.patternNotReady(
                    pattern.number(),
                    last.progress().map(BackfillProgress::describe).orElse("not started"),
                    RETRY_AFTER_SECONDS);
        }
    }

    /**
     * Every backfill's progress as the table holds it now, one strongly consistent GetItem each: the operators' view.
     * It leaves what this instance has seen alone, as {@link #require} keeps it.
     */
    public Map<IndexBackfill, Optional<BackfillProgress>> progressNow() {
        Map<IndexBackfill, Optional<BackfillProgress>> all = new LinkedHashMap<>();
        BackfillProgressItems items = new BackfillProgressItems(table.dynamo(), table.name());
        IndexBackfill.ALL.forEach(backfill -> all.put(backfill, items.read(backfill)));
        return all;
    }

    private record Seen(Optional<BackfillProgress> progress, Instant at) {
        boolean ready() {
            return progress.map(BackfillProgress::isReady).orElse(false);
        }
    }
}
