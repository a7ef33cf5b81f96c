package io.entitytable.local.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.entitytable.deployment.TestClock;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalIssuerTest {
    private static final String ISSUER = LocalIssuer.ISSUER;

    @TempDir
    Path dataFolder;

    @Test
    void verify_shouldAcceptAnOperatorToken_andFlattenItsGroupsAsApiGatewayDoes() {
        // GIVEN an operator token of the local issuer
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder);
        String token = issuer.operatorToken();
        // WHEN it is verified and its claims shaped as API Gateway shapes them
        Map<String, String> claims = ApiGatewayClaims.of(issuer.verify(token));
        // THEN the groups arrive as one bracketed string, the one audience as a string (as in a Cognito token), times
        // as
        // epoch seconds
        assertThat(claims)
                .containsEntry("cognito:groups", "[operators]")
                .containsEntry("iss", ISSUER)
                .containsEntry("aud", LocalIssuer.AUDIENCE);
        assertThat(claims.get("exp")).matches("\\d+");
    }

    @Test
    void businessToken_shouldNameEveryBusinessGroup() {
        // GIVEN a member of two businesses
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder);
        // WHEN the token is verified
        Map<String, String> claims = ApiGatewayClaims.of(issuer.verify(issuer.businessToken(List.of("B1", "B2"))));
        // THEN both groups are in the flattened claim
        assertThat(claims).containsEntry("cognito:groups", "[business-B1 business-B2]");
    }

    @Test
    void inFolder_shouldKeepTheKey_soAnotherProcessAcceptsTheToken() {
        // GIVEN a token minted by one issuer over the data folder
        String token = LocalIssuer.inFolder(dataFolder).operatorToken();
        // WHEN a second issuer over the same folder verifies it
        // THEN it is accepted
        assertThat(LocalIssuer.inFolder(dataFolder).verify(token).getSubject()).isNotBlank();
    }

    @Test
    void verify_shouldReject_whenSignedByAnotherKey(@TempDir Path otherFolder) {
        // GIVEN a token of an issuer with the same URL but another key
        String token = LocalIssuer.inFolder(otherFolder).operatorToken();
        // WHEN / THEN
        assertRejected(LocalIssuer.inFolder(dataFolder), token);
    }

    @Test
    void verify_shouldReject_whenExpired() {
        // GIVEN a token minted 13 hours ago
        LocalIssuer past = LocalIssuer.inFolder(dataFolder);
        LocalIssuer issuer =
                new LocalIssuer(key(), ISSUER, TokenMaking.at(Instant.now().minus(Duration.ofHours(13))));
        String token = issuer.operatorToken();
        // WHEN / THEN
        assertRejected(past, token);
    }

    @Test
    void verify_shouldReject_whenNotYetValid() {
        // GIVEN a token valid only from an hour from now
        LocalIssuer now = LocalIssuer.inFolder(dataFolder);
        String token =
                new LocalIssuer(key(), ISSUER, TokenMaking.at(Instant.now().plus(Duration.ofHours(1)))).operatorToken();
        // WHEN / THEN
        assertRejected(now, token);
    }

    @Test
    void verify_shouldReject_whenOfAnotherIssuerOrAudience() {
        // GIVEN tokens signed with the right key but naming another issuer, and another audience
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder);
        String otherIssuer = new LocalIssuer(key(), "http://elsewhere/", Clock.systemUTC()).operatorToken();
        String otherAudience =
                issuer.sign(TokenMaking.validClaims().audience("someone-else").build());
        // WHEN / THEN
        assertRejected(issuer, otherIssuer);
        assertRejected(issuer, otherAudience);
    }

    @Test
    void verify_shouldReject_algNoneAndHmac() throws JOSEException {
        // GIVEN an unsigned token and an HS256 token with otherwise valid claims
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder);
        String none = new PlainJWT(new PlainHeader(), TokenMaking.validClaims().build()).serialize();
        SignedJWT hmac = new SignedJWT(
                new JWSHeader(JWSAlgorithm.HS256), TokenMaking.validClaims().build());
        hmac.sign(new MACSigner(new byte[32]));
        // WHEN / THEN
        assertRejected(issuer, none);
        assertRejected(issuer, hmac.serialize());
        assertRejected(issuer, "not a token");
    }

    @Test
    void verify_shouldRejectAnAcceptedToken_onceItHasExpired() {
        // GIVEN an issuer whose clock moves, and one of its tokens accepted twice (the second time from memory)
        LocalIssuer.inFolder(dataFolder);
        TestClock clock = new TestClock();
        LocalIssuer issuer = new LocalIssuer(key(), ISSUER, clock);
        String token = issuer.operatorToken();
        assertThat(issuer.verify(token).getSubject()).isNotBlank();
        assertThat(issuer.verify(token).getSubject()).isNotBlank();
        assertThat(issuer.rememberedTokens()).isOne();
        // WHEN its lifetime and the allowed clock skew have passed
        clock.advance(LocalIssuer.TOKEN_LIFETIME.plus(Duration.ofMinutes(2)));
        // THEN it is refused as expired, as a token never seen before would be
        assertThatThrownBy(() -> issuer.verify(token))
                .isInstanceOf(LocalIssuer.InvalidTokenException.class)
                .hasMessage("Expired JWT");
    }

    @Test
    void verify_shouldRememberOnlyAcceptedTokens_andABoundedNumber() {
        // GIVEN an issuer
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder);
        // WHEN it refuses a token, then accepts more distinct tokens than it remembers
        assertRejected(issuer, "not a token");
        assertThat(issuer.rememberedTokens()).isZero();
        for (int i = 0; i <= LocalIssuer.VERIFIED_TOKENS; i++) {
            issuer.verify(issuer.operatorToken());
        }
        // THEN what it remembers stays within the bound
        assertThat(issuer.rememberedTokens()).isBetween(1, LocalIssuer.VERIFIED_TOKENS);
    }

    private static void assertRejected(LocalIssuer issuer, String token) {
        assertThatThrownBy(() -> issuer.verify(token)).isInstanceOf(LocalIssuer.InvalidTokenException.class);
    }

    private com.nimbusds.jose.jwk.ECKey key() {
        try {
            return TokenMaking.keyIn(dataFolder);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
