package io.entitytable.local.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.entitytable.deployment.AuthGroups;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local stand-in for the deployed stack's Cognito user pool: one ES256 key pair in {@code <data>/auth/}, created on
 * first use and kept, so tokens minted by one process (the {@code token} command) are accepted by another (the running
 * system). Verification checks what API Gateway's JWT authorizer checks: signature, {@code iss}, {@code aud},
 * {@code exp} and {@code nbf}; only ES256 is accepted, so {@code alg: none} and HMAC tokens are rejected.
 */
public final class LocalIssuer {
    /** The audience of local tokens (the deployed stack's is its app client id). */
    public static final String AUDIENCE = "entity-table-local";

    /**
     * The {@code iss} of local tokens. It names no port: like a user pool, the issuer is not the API, so a token stays
     * valid whichever port the front door listens on.
     */
    public static final String ISSUER = "http://localhost/local-issuer";

    /** How long a minted token is valid. */
    public static final Duration TOKEN_LIFETIME = Duration.ofHours(12);

    static final String KEY_FILE = "issuer-key.jwk.json";

    /** At most this many verified tokens are remembered; the map starts again empty when it is full. */
    static final int VERIFIED_TOKENS = 1_024;

    private final ECKey key;
    private final String issuerUrl;
    private final Clock clock;
    private final DefaultJWTClaimsVerifier<SecurityContext> claimsVerifier;

    /**
     * Tokens whose signature verified, with their claims, so that the signature is checked once a token. The check is
     * an ES256 verification on the front door's event loop, its largest cost when a client sends many requests; on
     * AWS, API Gateway's authorizer does it on its own machines, outside the functions' CPU. Only a token this
     * issuer signed gets in, so what a caller sends cannot fill it with anything else; a remembered token's claims are
     * still checked on every request, since expiry and "not before" depend on the time.
     */
    private final Map<String, JWTClaimsSet> verified = new ConcurrentHashMap<>();

    LocalIssuer(ECKey key, String issuerUrl, Clock clock) {
        this.key = key;
        this.issuerUrl = issuerUrl;
        this.clock = clock;
        this.claimsVerifier =
                new DefaultJWTClaimsVerifier<>(
                        AUDIENCE, new JWTClaimsSet.Builder().issuer(issuerUrl).build(), Set.of("sub", "exp", "iat")) {
                    @Override
                    protected Date currentTime() {
                        return Date.from(clock.instant());
                    }
                };
    }

    /** The issuer whose key lives in {@code authFolder}, generating it there on first use. */
    public static LocalIssuer inFolder(Path authFolder) {
        return new LocalIssuer(loadOrCreateKey(keyFile(authFolder)), ISSUER, Clock.systemUTC());
    }

    /** The file in {@code authFolder} that holds the signing key. */
    public static Path keyFile(Path authFolder) {
        return authFolder.resolve(KEY_FILE);
    }

    public String issuerUrl() {
        return issuerUrl;
    }

    /** A token of an operator, who may do everything. */
    public String operatorToken() {
        return token("operator", List.of(AuthGroups.OPERATORS));
    }

    /** A token of a member of the given businesses. */
    public String businessToken(List<String> businessIds) {
        return token("member", businessIds.stream().map(AuthGroups::ofBusiness).toList());
    }

    /** A token for {@code username} in {@code groups}, valid from now for {@link #TOKEN_LIFETIME}. */
    public String token(String username, List<String> groups) {
        Instant now = clock.instant();
        return sign(new JWTClaimsSet.Builder()
                .subject(UUID.randomUUID().toString())
                .issuer(issuerUrl)
                .audience(AUDIENCE)
                .issueTime(Date.from(now))
                .notBeforeTime(Date.from(now))
                .expirationTime(Date.from(now.plus(TOKEN_LIFETIME)))
                .jwtID(UUID.randomUUID().toString())
                .claim("token_use", "id")
                .claim("cognito:username", username)
                .claim(AuthGroups.DEFAULT_CLAIM, new ArrayList<>(groups))
                .build());
    }

    String sign(JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.ES256)
                            .keyID(key.getKeyID())
                            .build(),
                    claims);
            jwt.sign(new ECDSASigner(key));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a local token", e);
        }
    }

    /**
     * The verified claims of {@code token}.
     *
     * @throws InvalidTokenException when the token is malformed, badly signed, of another issuer or audience, expired
     *     or not yet valid
     */
    public JWTClaimsSet verify(String token) {
        JWTClaimsSet known = verified.get(token);
        try {
            if (known != null) {
                claimsVerifier.verify(known, null);
                return known;
            }
            DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
            processor.setJWSKeySelector(new JWSVerificationKeySelector<>(
                    JWSAlgorithm.ES256, new ImmutableJWKSet<>(new JWKSet(key.toPublicJWK()))));
            processor.setJWTClaimsSetVerifier(claimsVerifier);
            JWTClaimsSet claims = processor.process(token, null);
            if (verified.size() >= VERIFIED_TOKENS) {
                verified.clear();
            }
            verified.put(token, claims);
            return claims;
        } catch (ParseException | BadJOSEException | JOSEException e) {
            throw new InvalidTokenException(e.getMessage(), e);
        }
    }

    /** How many verified tokens are remembered now. */
    int rememberedTokens() {
        return verified.size();
    }

    /** A token the front door must refuse with 401. */
    public static final class InvalidTokenException extends RuntimeException {
        InvalidTokenException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static ECKey loadOrCreateKey(Path file) {
        try {
            if (Files.exists(file)) {
                return ECKey.parse(Files.readString(file));
            }
            ECKey key = new ECKeyGenerator(Curve.P_256)
                    .keyID(UUID.randomUUID().toString())
                    .generate();
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "key", ".tmp");
            Files.writeString(temp, key.toJSONString());
            Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return ECKey.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParseException | JOSEException e) {
            throw new IllegalStateException("cannot read or create the local issuer key " + file, e);
        }
    }
}
