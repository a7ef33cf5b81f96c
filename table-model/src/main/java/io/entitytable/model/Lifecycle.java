package io.entitytable.model;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How long a finished subject of an entity stays in the table, and where it goes then (docs/design.md §2,
 * "Lifecycle"): declared with the entity ({@link Entity.Builder#lifecycle}), so the API's retention setting, the job
 * that moves finished subjects and the capacity model all read the one declaration. Each business may keep its finished
 * subjects longer or shorter than {@link #defaultRetention} ({@link Retention}).
 *
 * @param stateAttribute the attribute of the core item that says whether it is finished
 * @param finishedStates the values of {@code stateAttribute} that a subject never leaves (for orders: delivered,
 *     cancelled)
 * @param defaultRetention how long a finished subject stays in the table when its business set nothing else
 * @param destination where it goes after that
 */
public record Lifecycle(
        String stateAttribute, Set<String> finishedStates, Duration defaultRetention, Destination destination) {

    /** The shortest retention a deployed stage accepts: moving orders a day after they finish is soon enough. */
    public static final Duration DEPLOYED_MINIMUM_RETENTION = Duration.ofDays(1);

    /** The shortest retention the local runtime and tests accept, so that a user can watch orders move. */
    public static final Duration LOCAL_MINIMUM_RETENTION = Duration.ofSeconds(10);

    /** The longest retention anyone may set: about a century, beyond which "keep it hot" means forever anyway. */
    public static final Duration MAXIMUM_RETENTION = Duration.ofDays(36_500);

    /** Where finished subjects go. */
    public enum Destination {
        /** The order archive (an S3 bucket of the stack), where they stay readable through the API. */
        ARCHIVE
    }

    public Lifecycle {
        Objects.requireNonNull(stateAttribute);
        finishedStates = Set.copyOf(finishedStates);
        if (finishedStates.isEmpty()) {
            throw new IllegalArgumentException("a lifecycle needs at least one finished state");
        }
        if (defaultRetention.isNegative() || defaultRetention.compareTo(MAXIMUM_RETENTION) > 0) {
            throw new IllegalArgumentException("default retention out of range: " + defaultRetention);
        }
        Objects.requireNonNull(destination);
    }

    /** Starts a declaration: finished once {@code attribute} holds one of {@code states}. */
    public static Builder finishedWhen(String attribute, String... states) {
        return new Builder(attribute, Set.of(states));
    }

    /** Whether the core item {@code item} is finished: it can be moved once its retention has passed. */
    public boolean isFinished(Map<String, AttributeValue> item) {
        AttributeValue state = item.get(stateAttribute);
        return state != null && state.s() != null && finishedStates.contains(state.s());
    }

    /** The rest of a declaration. */
    public record Builder(String stateAttribute, Set<String> finishedStates) {
        /** Kept in the table for {@code retention} after it finished, unless its business says otherwise. */
        public WithRetention keptFor(Duration retention) {
            return new WithRetention(this, retention);
        }
    }

    /** A declaration that still needs its destination. */
    public record WithRetention(Builder finished, Duration retention) {
        /** Then moved to the archive. */
        public Lifecycle thenArchived() {
            return new Lifecycle(finished.stateAttribute(), finished.finishedStates(), retention, Destination.ARCHIVE);
        }
    }
}
