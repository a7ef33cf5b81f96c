package io.entitytable.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a core item being moved to the archive carries while it is (docs/design.md §2, "Lifecycle"): the version the
 * mover read and archives, and until when the mover holds the item. It makes one move of an item exclusive (a second
 * mover, a duplicate message, waits for the lease to end), and it outlives a mover that stopped half way: an item whose
 * lease has ended at another version than its own was changed after a copy of an older version may have reached the
 * archive, and that copy is removed before anything else happens to the item's archive.
 *
 * <p>Written without a version bump, and kept by the API's changes of the item, as a shard count is: it is the mover's
 * note, not part of what the subject says.
 *
 * @param version the item's version when the move began
 * @param until when the mover's hold ends
 */
public record ArchiveLease(long version, Instant until) {
    /** How long a mover holds an item: many times a move's three PUTs and one transaction. */
    public static final Duration LENGTH = Duration.ofMinutes(5);

    /**
     * How long before its lease ends a mover stops starting archive writes, so that none of its writes lands after
     * another mover could have taken over.
     */
    public static final Duration MARGIN = Duration.ofMinutes(1);

    private static final String VERSION = "version";
    private static final String UNTIL = "until";

    /** The lease on {@code item}, if it carries one. */
    public static Optional<ArchiveLease> of(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> stored = Values.map(item, Attributes.ARCHIVING);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                new ArchiveLease(Values.number(stored, VERSION), Instant.ofEpochMilli(Values.number(stored, UNTIL))));
    }

    /** A lease on version {@code version} from {@code now}. */
    public static ArchiveLease startingAt(long version, Instant now) {
        return new ArchiveLease(version, now.plus(LENGTH));
    }

    /** Whether its mover may still be at work at {@code now}. */
    public boolean heldAt(Instant now) {
        return now.isBefore(until);
    }

    /** Whether its mover may still start an archive write at {@code now}. */
    public boolean writableAt(Instant now) {
        return now.isBefore(until.minus(MARGIN));
    }

    public AttributeValue toAttribute() {
        return AttributeValue.fromM(Map.of(VERSION, Values.n(version), UNTIL, Values.n(until.toEpochMilli())));
    }

    /** The name of its version inside {@link Attributes#ARCHIVING}, for conditions on it. */
    public static String versionField() {
        return VERSION;
    }

    /** The name of its end inside {@link Attributes#ARCHIVING}, for conditions on it. */
    public static String untilField() {
        return UNTIL;
    }
}
