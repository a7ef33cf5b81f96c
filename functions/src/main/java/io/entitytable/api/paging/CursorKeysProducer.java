package io.entitytable.api.paging;

import io.entitytable.api.config.ApiConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/** Chooses where the cursor keys come from: {@code CURSOR_SECRET} as given, or the secret {@code CURSOR_SECRET_ARN} names. */
@Singleton
public class CursorKeysProducer {
    /**
     * Made at start, so a function given neither setting (or both) fails its init instead of its first list. No key is
     * read from Secrets Manager here: {@link SecretsManagerCursorKeys} reads at first use.
     */
    @Produces
    @Singleton
    @Startup
    CursorKeys cursorKeys(ApiConfig config) {
        return choose(config.cursorSecret(), config.cursorSecretArn(), CursorKeysProducer::secretsManager);
    }

    static CursorKeys choose(
            Optional<String> secret, Optional<String> secretArn, Function<String, CursorKeys> fromSecretsManager) {
        if (secret.isPresent() && secretArn.isPresent()) {
            throw new IllegalStateException("set CURSOR_SECRET or CURSOR_SECRET_ARN, not both");
        }
        if (secretArn.isPresent()) {
            return fromSecretsManager.apply(secretArn.get());
        }
        return FixedCursorKeys.of(secret.orElseThrow(() -> new IllegalStateException(
                "the cursor secret is not set: CURSOR_SECRET_ARN (on AWS) or CURSOR_SECRET (locally)")));
    }

    /** The same HTTP client as the function's DynamoDB client; region and credentials are the function's own. */
    private static CursorKeys secretsManager(String secretArn) {
        SecretsManagerClient client = SecretsManagerClient.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        return new SecretsManagerCursorKeys(client, secretArn, Clock.systemUTC());
    }
}
