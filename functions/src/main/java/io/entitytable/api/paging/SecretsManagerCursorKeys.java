package io.entitytable.api.paging;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueResponse;
import software.amazon.awssdk.services.secretsmanager.model.ResourceNotFoundException;

/**
 * The cursor keys kept in a Secrets Manager secret ({@code CURSOR_SECRET_ARN}): its versions staged {@code AWSCURRENT}
 * (signs) and {@code AWSPREVIOUS} (still verifies). Rotating the secret ({@code put-secret-value}) makes the new value
 * current and the old one previous, so cursors handed out before stay valid until the next rotation.
 *
 * <p>Read at first use, not at start (no call in the init phase, none baked into a SnapStart snapshot), kept for
 * {@link #REFRESH_AFTER} and then read again, so a rotation reaches every instance within minutes without a redeploy
 * and no request waits for Secrets Manager in between. Ages are measured on the wall clock, which is right after a
 * SnapStart restore too. An instance that has not yet seen a rotation meets cursors signed by one that has: a key id
 * it does not know makes it read again, at most once per {@link #REREAD_FOR_UNKNOWN_ID_AFTER}, so forged ids cannot
 * turn into a call per request. A read that fails keeps the keys read before and is tried again after {@link
 * #RETRY_AFTER}; only the first read's failure fails the request.
 */
public final class SecretsManagerCursorKeys implements CursorKeys {
    private static final Logger LOG = Logger.getLogger(SecretsManagerCursorKeys.class);

    static final String CURRENT = "AWSCURRENT";
    static final String PREVIOUS = "AWSPREVIOUS";

    /** How long keys are used before they are read again: the longest an instance signs with a replaced key. */
    public static final Duration REFRESH_AFTER = Duration.ofMinutes(5);

    /** The least time between two reads caused by a key id that neither known key has. */
    public static final Duration REREAD_FOR_UNKNOWN_ID_AFTER = Duration.ofSeconds(10);

    /** After a failed read: how long the keys read before are used until the next try. */
    public static final Duration RETRY_AFTER = Duration.ofSeconds(30);

    private final SecretsManagerClient secretsManager;
    private final String secretArn;
    private final Clock clock;

    /** Null until the first read. */
    private volatile Snapshot snapshot;

    private record Snapshot(CursorKey current, Optional<CursorKey> previous, Instant readAt, Instant staleAt) {
        Optional<CursorKey> find(String id) {
            if (current.id().equals(id)) {
                return Optional.of(current);
            }
            return previous.filter(key -> key.id().equals(id));
        }
    }

    public SecretsManagerCursorKeys(SecretsManagerClient secretsManager, String secretArn, Clock clock) {
        this.secretsManager = secretsManager;
        this.secretArn = secretArn;
        this.clock = clock;
    }

    @Override
    public CursorKey current() {
        return fresh().current();
    }

    @Override
    public Optional<CursorKey> find(String id) {
        Snapshot keys = fresh();
        Optional<CursorKey> found = keys.find(id);
        if (found.isEmpty() && !clock.instant().isBefore(keys.readAt().plus(REREAD_FOR_UNKNOWN_ID_AFTER))) {
            found = read(keys).find(id);
        }
        return found;
    }

    private Snapshot fresh() {
        Snapshot keys = snapshot;
        return keys != null && clock.instant().isBefore(keys.staleAt()) ? keys : read(keys);
    }

    /** Reads both versions unless another thread has read since {@code seen} was taken. */
    private synchronized Snapshot read(Snapshot seen) {
        if (snapshot != seen) {
            return snapshot;
        }
        Instant now = clock.instant();
        try {
            CursorKey current = CursorKey.of(value(CURRENT));
            Optional<CursorKey> previous = previousValue().map(CursorKey::of);
            if (seen == null || !seen.current().id().equals(current.id())) {
                LOG.infof(
                        "cursor keys read from %s: current %s, previous %s",
                        secretArn, current.id(), previous.map(CursorKey::id).orElse("none"));
            }
            snapshot = new Snapshot(current, previous, now, now.plus(REFRESH_AFTER));
        } catch (RuntimeException e) {
            if (seen == null) {
                throw new IllegalStateException("the cursor keys could not be read from " + secretArn, e);
            }
            LOG.warnf(
                    "the cursor keys could not be read again from %s (%s); the keys read before are kept until a retry"
                            + " in %s",
                    secretArn, e, RETRY_AFTER);
            snapshot = new Snapshot(seen.current(), seen.previous(), now, now.plus(RETRY_AFTER));
        }
        return snapshot;
    }

    /** The previous version's text; empty for a secret never rotated, which has no version staged so. */
    private Optional<String> previousValue() {
        try {
            return Optional.of(value(PREVIOUS));
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    private String value(String stage) {
        GetSecretValueResponse response = secretsManager.getSecretValue(
                request -> request.secretId(secretArn).versionStage(stage));
        if (response.secretString() == null) {
            throw new IllegalStateException("the " + stage + " version is not a secret string");
        }
        return response.secretString();
    }
}
