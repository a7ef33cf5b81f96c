package io.entitytable.api.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class CursorKeysProducerTest {
    private final List<String> arnsAsked = new ArrayList<>();
    private final CursorKeys fromSecretsManager = FixedCursorKeys.of("stands-for-secrets-manager");
    private final Function<String, CursorKeys> secretsManager = arn -> {
        arnsAsked.add(arn);
        return fromSecretsManager;
    };

    @Test
    void choose_shouldUseSecretsManager_whenGivenTheSecretsArn() {
        // GIVEN / WHEN only CURSOR_SECRET_ARN is set
        CursorKeys keys =
                CursorKeysProducer.choose(Optional.empty(), Optional.of(FakeSecretsManager.ARN), secretsManager);

        // THEN the keys come from that secret
        assertThat(keys).isSameAs(fromSecretsManager);
        assertThat(arnsAsked).containsExactly(FakeSecretsManager.ARN);
    }

    @Test
    void choose_shouldUseTheSecretAsGiven_whenGivenCursorSecret() {
        // GIVEN / WHEN only CURSOR_SECRET is set
        CursorKeys keys = CursorKeysProducer.choose(Optional.of("local-secret"), Optional.empty(), secretsManager);

        // THEN that secret is the one key, and Secrets Manager is not involved
        assertThat(keys.current().id()).isEqualTo(CursorKey.of("local-secret").id());
        assertThat(arnsAsked).isEmpty();
    }

    @Test
    void choose_shouldFail_whenGivenNeitherOrBoth() {
        // GIVEN / WHEN / THEN a function without a cursor key, or with two sources of it, does not start
        assertThatThrownBy(() -> CursorKeysProducer.choose(Optional.empty(), Optional.empty(), secretsManager))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CURSOR_SECRET_ARN");
        assertThatThrownBy(() -> CursorKeysProducer.choose(
                        Optional.of("local-secret"), Optional.of(FakeSecretsManager.ARN), secretsManager))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not both");
        assertThat(arnsAsked).isEmpty();
    }
}
