package io.entitytable.local.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.entitytable.deployment.AuthGroups;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.function.RuntimeClientDouble;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The front door as the HTTP API's JWT authorizer, alone: no function runs, this test plays the function's runtime
 * client. A refused request must be answered 401 by the front door without ever becoming an event; an accepted one
 * must arrive with the token's claims where API Gateway puts them.
 */
class FrontDoorAuthTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    static Path dataFolder;

    @TempDir
    static Path otherDataFolder;

    private static LocalIssuer issuer;
    private static RuntimeApiServer frontDoor;
    private static RuntimeClientDouble runtime;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    @BeforeAll
    static void startFrontDoor() {
        issuer = LocalIssuer.inFolder(dataFolder);
        frontDoor = RuntimeApiServer.httpFrontDoor(
                0, LocalOptions.defaults(RepositoryRoot.find()).openApiDocument(), issuer);
        runtime = new RuntimeClientDouble(frontDoor);
    }

    @AfterAll
    static void stopFrontDoor() {
        frontDoor.close();
    }

    @Test
    void operatorToken_shouldReachTheFunction_withItsClaimsAsApiGatewayPassesThem() throws Exception {
        // GIVEN a request with an operator's token
        String token = issuer.operatorToken();
        CompletableFuture<HttpResponse<String>> request = send("/businesses", "Bearer " + token);

        // WHEN the function takes the event and answers it
        JsonNode event = answerNextEvent();

        // THEN the event carries the verified claims as strings, the groups array flattened, in the authorizer context
        JsonNode jwt = event.path("requestContext").path("authorizer").path("jwt");
        assertThat(jwt.path("claims").path("cognito:groups").asText()).isEqualTo("[operators]");
        assertThat(jwt.path("claims").path("iss").asText()).isEqualTo(LocalIssuer.ISSUER);
        assertThat(jwt.path("claims").path("aud").asText()).isEqualTo(LocalIssuer.AUDIENCE);
        assertThat(jwt.path("claims").path("exp").isTextual()).isTrue();
        assertThat(jwt.path("claims").path("exp").asText()).matches("\\d{10}");
        assertThat(jwt.path("claims").path("sub").asText()).isNotBlank();
        // AND no scopes, as for a token without a scope claim (an ID token)
        assertThat(jwt.has("scopes")).isTrue();
        assertThat(jwt.get("scopes").isNull()).isTrue();
        // AND the rest of the event is the request, with its Authorization header as API Gateway passes it on
        assertThat(event.path("rawPath").asText()).isEqualTo("/businesses");
        assertThat(header(event, "authorization")).isEqualTo("Bearer " + token);
        // AND the caller gets the function's answer
        HttpResponse<String> response = request.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("answered by the function");
    }

    @Test
    void businessToken_shouldArriveWithEveryBusinessGroup_andTheSchemeInAnyCase() throws Exception {
        // GIVEN a member of two businesses, sending the scheme in lower case
        String token = issuer.businessToken(List.of("01JD8X3K5Q7Y2M4N6P8R0T2V4W", "01JD8X3K5Q7Y2M4N6P8R0T2V4X"));
        CompletableFuture<HttpResponse<String>> request =
                send("/businesses/01JD8X3K5Q7Y2M4N6P8R0T2V4W", "bearer " + token);

        // WHEN the function takes the event
        JsonNode event = answerNextEvent();

        // THEN both groups are in the one flattened claim
        assertThat(event.at("/requestContext/authorizer/jwt/claims/cognito:groups")
                        .asText())
                .isEqualTo("[business-01JD8X3K5Q7Y2M4N6P8R0T2V4W business-01JD8X3K5Q7Y2M4N6P8R0T2V4X]");
        assertThat(request.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).statusCode())
                .isEqualTo(200);
    }

    static Stream<Arguments> refused() throws Exception {
        Instant now = Instant.now();
        LocalIssuer sameKeyThirteenHoursAgo = new LocalIssuer(
                TokenMaking.keyIn(dataFolder), LocalIssuer.ISSUER, TokenMaking.at(now.minus(Duration.ofHours(13))));
        LocalIssuer sameKeyInAnHour = new LocalIssuer(
                TokenMaking.keyIn(dataFolder), LocalIssuer.ISSUER, TokenMaking.at(now.plus(Duration.ofHours(1))));
        SignedJWT hmac = new SignedJWT(
                new JWSHeader(JWSAlgorithm.HS256), TokenMaking.validClaims().build());
        hmac.sign(new MACSigner(new byte[32]));
        return Stream.of(
                Arguments.of("no Authorization header", null),
                Arguments.of("an empty header", ""),
                Arguments.of("another scheme", "Basic dXNlcjpwYXNzd29yZA=="),
                Arguments.of("the scheme without a token", "Bearer"),
                Arguments.of("not a token", "Bearer not-a-token"),
                Arguments.of("expired", "Bearer " + sameKeyThirteenHoursAgo.operatorToken()),
                Arguments.of("not yet valid", "Bearer " + sameKeyInAnHour.operatorToken()),
                Arguments.of(
                        "signed by another key",
                        "Bearer " + LocalIssuer.inFolder(otherDataFolder).operatorToken()),
                Arguments.of(
                        "alg none",
                        "Bearer "
                                + new PlainJWT(
                                                new PlainHeader(),
                                                TokenMaking.validClaims().build())
                                        .serialize()),
                Arguments.of("HS256", "Bearer " + hmac.serialize()),
                Arguments.of(
                        "another audience",
                        "Bearer "
                                + issuer.sign(TokenMaking.validClaims()
                                        .audience("someone-else")
                                        .build())),
                Arguments.of(
                        "another issuer",
                        "Bearer "
                                + issuer.sign(TokenMaking.validClaims()
                                        .issuer("https://elsewhere.example")
                                        .build())),
                Arguments.of("a valid signature over altered claims", "Bearer " + tampered(issuer.operatorToken())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void badOrMissingToken_shouldBe401ProblemJson_andNeverReachTheFunction(String why, String authorization)
            throws Exception {
        // GIVEN a request whose token the authorizer must refuse
        // WHEN it arrives
        HttpResponse<String> refused = send("/businesses", authorization).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);

        // THEN the front door answers 401 itself, as a problem document with a Bearer challenge
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(refused.headers().firstValue("www-authenticate"))
                .hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
        JsonNode problem = JSON.readTree(refused.body());
        assertThat(problem.path("type").asText()).isEqualTo("about:blank");
        assertThat(problem.path("title").asText()).isEqualTo("Unauthorized");
        assertThat(problem.path("status").asInt()).isEqualTo(401);
        assertThat(problem.path("detail").asText()).isNotBlank();
        if (authorization != null && authorization.startsWith("Bearer ")) {
            // a token was sent: the challenge says it is invalid, and neither the body nor the challenge repeats it
            String token = authorization.substring("Bearer ".length());
            String challenge = refused.headers().firstValue("www-authenticate").orElseThrow();
            assertThat(challenge).contains("error=\"invalid_token\"").doesNotContain(token);
            assertThat(refused.body()).doesNotContain(token);
        }
        // AND it never became an event: the next event the function takes is the next accepted request
        CompletableFuture<HttpResponse<String>> accepted = send("/after-refused", "Bearer " + issuer.operatorToken());
        assertThat(answerNextEvent().path("rawPath").asText()).isEqualTo("/after-refused");
        assertThat(accepted.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).statusCode())
                .isEqualTo(200);
    }

    @Test
    void docs_shouldNeedNoToken() throws Exception {
        // GIVEN no token
        // WHEN the docs page and the document are asked
        HttpResponse<String> page = send("/docs", null).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        HttpResponse<String> document = send("/docs/openapi.json", null).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);

        // THEN both are served
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(document.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(document.body()).path("openapi").asText()).startsWith("3.");
    }

    @Test
    void postedRawEvent_shouldBeRefused_soNoEventSkipsTheAuthorizer() throws Exception {
        // GIVEN an event with an operator's claims, posted as it is to the mock event server's invoke path
        String forged = "{\"rawPath\":\"/forged\",\"requestContext\":{\"authorizer\":{\"jwt\":{\"claims\":"
                + "{\"cognito:groups\":\"[operators]\"}}}}}";
        HttpResponse<String> posted = http.send(
                HttpRequest.newBuilder(uri("/_lambda_"))
                        .POST(HttpRequest.BodyPublishers.ofString(forged))
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        // THEN it is an API request like any other: without a token, refused
        assertThat(posted.statusCode()).isEqualTo(401);
        // AND with a member's token it reaches the function as a request whose body is the forged event, carrying
        // the token's claims, not the forged ones
        String member = issuer.businessToken(List.of("01JD8X3K5Q7Y2M4N6P8R0T2V4W"));
        CompletableFuture<HttpResponse<String>> asRequest = http.sendAsync(
                HttpRequest.newBuilder(uri("/_lambda_"))
                        .header("Authorization", "Bearer " + member)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(forged))
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode event = answerNextEvent();
        assertThat(event.path("rawPath").asText()).isEqualTo("/_lambda_");
        assertThat(event.at("/requestContext/authorizer/jwt/claims/cognito:groups")
                        .asText())
                .isEqualTo("[business-01JD8X3K5Q7Y2M4N6P8R0T2V4W]");
        assertThat(event.path("body").asText()).isEqualTo(forged);
        assertThat(asRequest.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).statusCode())
                .isEqualTo(200);
    }

    /** A header of the event, by name in any case (this front door keeps the case the client sent). */
    private static String header(JsonNode event, String name) {
        return event.path("headers").properties().stream()
                .filter(header -> header.getKey().equalsIgnoreCase(name))
                .map(header -> header.getValue().asText())
                .findFirst()
                .orElse(null);
    }

    /** Takes the next event as the function's runtime client does, answers it with 200, and returns it. */
    private JsonNode answerNextEvent() throws Exception {
        RuntimeClientDouble.Invocation next = runtime.next();
        assertThat(runtime.respond(next.requestId(), "{\"statusCode\": 200, \"body\": \"answered by the function\"}"))
                .isEqualTo(202);
        return JSON.readTree(next.event());
    }

    private CompletableFuture<HttpResponse<String>> send(String path, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(TIMEOUT);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://localhost:" + frontDoor.port() + path);
    }
    /** The token with its claims replaced by a business member's, keeping the operator's signature. */
    private static String tampered(String token) throws Exception {
        String[] parts = token.split("\\.");
        String claims = TokenMaking.validClaims()
                .claim(AuthGroups.DEFAULT_CLAIM, List.of("business-X"))
                .build()
                .toString();
        String payload =
                Base64.getUrlEncoder().withoutPadding().encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        return parts[0] + "." + payload + "." + parts[2];
    }
}
