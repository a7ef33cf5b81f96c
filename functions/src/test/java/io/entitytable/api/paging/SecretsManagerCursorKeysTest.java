package io.entitytable.api.paging;

import static io.entitytable.api.paging.SecretsManagerCursorKeys.CURRENT;
import static io.entitytable.api.paging.SecretsManagerCursorKeys.PREVIOUS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.deployment.TestClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/** The cursor keys read from Secrets Manager through the real SDK client, against {@link FakeSecretsManager}. */
class SecretsManagerCursorKeysTest {
    private static final String SCOPE = "business-customers|01J";

    private final TestClock clock = new TestClock();
    private FakeSecretsManager secretsManager;
    private SecretsManagerClient client;

    @BeforeEach
    void start() throws Exception {
        secretsManager = new FakeSecretsManager("first-secret-0123456789");
        client = secretsManager.client();
    }

    @AfterEach
    void stop() {
        client.close();
        secretsManager.close();
    }

    @Test
    void keys_shouldBeReadAtFirstUse_onceForManyCursors_andAgainOnlyWhenStale() {
        // GIVEN the API's codec over a secret never rotated (no AWSPREVIOUS version)
        CursorCodec codec = codec();
        assertThat(secretsManager.calls())
                .as("nothing is read before the first cursor")
                .isEmpty();

        // WHEN 50 cursors are made and read back within the refresh interval
        for (int i = 0; i < 50; i++) {
            CursorState state = state("customer#" + i);
            assertThat(codec.decode(SCOPE, codec.encode(SCOPE, state))).isEqualTo(state);
            clock.advance(SecretsManagerCursorKeys.REFRESH_AFTER.dividedBy(51));
        }

        // THEN the secret was read once: both staging labels, two calls
        assertThat(secretsManager.calls()).containsExactly(CURRENT, PREVIOUS);
        // ... and once the keys are older than the interval, the next cursor reads them again
        clock.advance(SecretsManagerCursorKeys.REFRESH_AFTER.dividedBy(50));
        codec.encode(SCOPE, state("customer#x"));
        assertThat(secretsManager.calls()).containsExactly(CURRENT, PREVIOUS, CURRENT, PREVIOUS);
    }

    @Test
    void cursorHandedOutBeforeARotation_shouldStayValid_untilTheNextRotation() {
        // GIVEN a cursor handed out before a rotation
        CursorCodec codec = codec();
        CursorState state = state("customer#a");
        String before = codec.encode(SCOPE, state);

        // WHEN the secret is rotated and the keys are read again
        secretsManager.rotate("second-secret-0123456789");
        clock.advance(SecretsManagerCursorKeys.REFRESH_AFTER);
        String after = codec.encode(SCOPE, state);

        // THEN new cursors are signed with the new key, and both decode
        assertThat(keyId(after)).isNotEqualTo(keyId(before));
        assertThat(codec.decode(SCOPE, before)).isEqualTo(state);
        assertThat(codec.decode(SCOPE, after)).isEqualTo(state);
        // ... until the next rotation, after which the first cursor is a 400 and the second still decodes
        secretsManager.rotate("third-secret-0123456789");
        clock.advance(SecretsManagerCursorKeys.REFRESH_AFTER);
        assertThat(codec.decode(SCOPE, after)).isEqualTo(state);
        assertBadRequest(() -> codec.decode(SCOPE, before));
    }

    @Test
    void anInstanceThatHasNotSeenARotation_shouldReadAgainForTheNewKeysCursor_butNotForEveryUnknownId() {
        // GIVEN an instance that read the keys before a rotation, and one that started after it
        CursorCodec stale = codec();
        stale.encode(SCOPE, state("customer#a"));
        secretsManager.rotate("second-secret-0123456789");
        CursorCodec fresh = codec();
        CursorState state = state("customer#b");
        String cursor = fresh.encode(SCOPE, state);
        clock.advance(SecretsManagerCursorKeys.REREAD_FOR_UNKNOWN_ID_AFTER);
        int callsBefore = secretsManager.calls().size();

        // WHEN the stale instance gets the new key's cursor, then a run of cursors naming unknown keys
        CursorState decoded = stale.decode(SCOPE, cursor);
        int callsAfterNewKey = secretsManager.calls().size();
        String[] parts = cursor.split("\\.");
        List<String> forged = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            forged.add(parts[0] + "." + String.format("forged%02d", i) + "." + parts[2]);
        }
        forged.forEach(bad -> assertBadRequest(() -> stale.decode(SCOPE, bad)));

        // THEN it read the keys once more and accepted the cursor, and the forged ids, all 400, read nothing
        assertThat(decoded).isEqualTo(state);
        assertThat(callsAfterNewKey - callsBefore).isEqualTo(2);
        assertThat(secretsManager.calls()).hasSize(callsAfterNewKey);
        // ... until the interval has passed, when one more forged id reads once more
        clock.advance(SecretsManagerCursorKeys.REREAD_FOR_UNKNOWN_ID_AFTER);
        forged.forEach(bad -> assertBadRequest(() -> stale.decode(SCOPE, bad)));
        assertThat(secretsManager.calls()).hasSize(callsAfterNewKey + 2);
    }

    @Test
    void aFailedRead_shouldKeepTheKeysReadBefore_andOnlyTheFirstReadsFailureFailsTheRequest() {
        // GIVEN keys read once, and then Secrets Manager refusing every call
        CursorCodec codec = codec();
        CursorState state = state("customer#a");
        String cursor = codec.encode(SCOPE, state);
        secretsManager.refuse();

        // WHEN the keys are stale and cannot be read again
        clock.advance(SecretsManagerCursorKeys.REFRESH_AFTER);
        String signedDuringTheFailure = codec.encode(SCOPE, state);
        for (int i = 0; i < 10; i++) {
            codec.decode(SCOPE, codec.encode(SCOPE, state));
        }

        // THEN the keys read before keep signing and verifying, with one try per retry interval
        assertThat(keyId(signedDuringTheFailure)).isEqualTo(keyId(cursor));
        assertThat(codec.decode(SCOPE, cursor)).isEqualTo(state);
        assertThat(secretsManager.calls()).containsExactly(CURRENT, PREVIOUS, CURRENT);
        clock.advance(SecretsManagerCursorKeys.RETRY_AFTER);
        codec.encode(SCOPE, state);
        assertThat(secretsManager.calls()).containsExactly(CURRENT, PREVIOUS, CURRENT, CURRENT);
        // ... while an instance that never read them cannot sign at all
        assertThatThrownBy(() -> codec().encode(SCOPE, state))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(FakeSecretsManager.ARN);
    }

    private CursorCodec codec() {
        return TestCursorCodec.over(new SecretsManagerCursorKeys(client, FakeSecretsManager.ARN, clock));
    }

    private static CursorState state(String sortKey) {
        CursorState state = CursorState.start();
        state.positions().put(CursorState.SINGLE, Map.of("id", "01J", "type", sortKey));
        return state;
    }

    private static String keyId(String cursor) {
        return cursor.split("\\.")[1];
    }

    private static void assertBadRequest(org.assertj.core.api.ThrowableAssert.ThrowingCallable decode) {
        assertThatThrownBy(decode).isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                .isEqualTo(400));
    }
}
