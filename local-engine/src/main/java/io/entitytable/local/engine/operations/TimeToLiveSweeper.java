package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.behaviour.ItemClaims;
import io.entitytable.local.engine.tables.ExpiryIndex;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * Deletes expired items of the tables with time to live enabled: those whose time-to-live attribute is a Number of
 * epoch seconds before now. Each deletion goes through the engine's commit path, so its stream record is a REMOVE,
 * marked as made by the service ({@code userIdentity}). Items whose expiry is more than five years in the past are
 * left alone, as DynamoDB leaves them. DynamoDB deletes expired items within a few days; here the sweeper runs as
 * often as the settings say.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/howitworks-ttl.html">How time to live
 *     works</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/time-to-live-ttl-streams.html">TTL and
 *     DynamoDB Streams</a>
 */
final class TimeToLiveSweeper {
    /** DynamoDB does not delete items whose expiry is more than five years in the past. */
    static final long FIVE_YEARS_SECONDS = 5L * 365 * 24 * 60 * 60;

    private static final int BATCH = 1000;

    private final Database database;

    TimeToLiveSweeper(Database database) {
        this.database = database;
    }

    /** The scheduled sweep: an error must not end the schedule. */
    void sweepQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) {
            // the next sweep tries again
        }
    }

    /** Deletes every expired item now; answers how many. */
    int sweep() {
        int deleted = 0;
        for (Table table : database.tables().values()) {
            ExpiryIndex expiries = table.expiries();
            if (expiries == null) {
                continue;
            }
            long now = database.now() / 1000;
            while (true) {
                var due = expiries.before(now, BATCH);
                if (due.isEmpty()) {
                    break;
                }
                int before = deleted;
                for (ExpiryIndex.Expiry expiry : due) {
                    if (expiry.epochSeconds() < now - FIVE_YEARS_SECONDS) {
                        expiries.forget(expiry);
                    } else if (delete(table, expiries, expiry, now)) {
                        deleted++;
                    }
                }
                if (deleted == before) {
                    break;
                }
            }
        }
        return deleted;
    }

    /** Deletes one item if it is still expired; an item a transaction holds is left for the next sweep. */
    private boolean delete(Table table, ExpiryIndex expiries, ExpiryIndex.Expiry expiry, long now) {
        ItemClaims claims = database.claims();
        if (claims != null && !claims.tryClaim(table.name(), expiry.key(), ItemClaims.Kind.WRITE)) {
            return false;
        }
        int[] locked = database.locks().lockAll(database.locks().stripeOf(table.name(), expiry.key()));
        try {
            Map<String, Value> current = table.get(expiry.key());
            Long seconds = expiries.expiryOf(current);
            if (seconds == null || seconds != expiry.epochSeconds()) {
                return false; // changed since it was listed: the commit that changed it updated the expiries
            }
            database.commit(new Change(table, expiry.key(), current, null, true));
            return true;
        } finally {
            database.locks().unlockAll(locked);
            if (claims != null) {
                claims.release(table.name(), expiry.key(), ItemClaims.Kind.WRITE);
            }
        }
    }
}
