package io.entitytable.local.auth;

import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import io.entitytable.deployment.AuthGroups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;

/** What the auth tests need to make tokens the issuer would not: its claims, its key, another time. */
final class TokenMaking {
    private TokenMaking() {}

    /** An operator's valid claims from the local issuer, valid for an hour, for a token signed in another way. */
    static JWTClaimsSet.Builder validClaims() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder()
                .subject("s")
                .issuer(LocalIssuer.ISSUER)
                .audience(LocalIssuer.AUDIENCE)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofHours(1))))
                .claim(AuthGroups.DEFAULT_CLAIM, List.of(AuthGroups.OPERATORS));
    }

    /** The signing key the issuer keeps in {@code authFolder}. */
    static ECKey keyIn(Path authFolder) throws Exception {
        return ECKey.parse(Files.readString(authFolder.resolve(LocalIssuer.KEY_FILE)));
    }

    /** A clock stopped at {@code instant}: an issuer at another time. */
    static Clock at(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }
}
