package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.StageThrottle;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both request limits of a deployed stack on the whole local system, through the front door with real tokens: the
 * packaged function holds each business to its share, so business A sending ten times its limit leaves business B's
 * calls answered; the front door's stage throttle is every caller's ceiling, spent by junk tokens too. Small limits
 * (system properties of this JVM, read when the system starts) keep the test to a few seconds.
 */
class RequestLimitSystemTest {
    private static final int PER_BUSINESS = 5;
    /** Slow enough that a flood spends the bucket on any machine; the burst holds everything the test sends first. */
    private static final int STAGE_RATE = 20;

    private static final int STAGE_BURST = 60;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Integer> LIMITS = Map.of(
            FunctionEnvironment.RATE_LIMIT_PER_BUSINESS_PROPERTY, PER_BUSINESS,
            StageThrottle.RATE_PROPERTY, STAGE_RATE,
            StageThrottle.BURST_PROPERTY, STAGE_BURST);

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path dataFolder;

    @Test
    void aBusinessSendingTenTimesItsLimit_shouldLeaveAnotherBusinessAnswered_underAStageCeilingEveryoneShares()
            throws Exception {
        // GIVEN the whole system with small limits, two businesses and a member of each
        LIMITS.forEach((property, value) -> System.setProperty(property, Integer.toString(value)));
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity");
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            FrontDoorClient operator = FrontDoorClient.operatorOf(system);
            String a = operator.createBusiness("Loud");
            String b = operator.createBusiness("Quiet");
            String memberOfA = system.issuer().businessToken(List.of(a));
            String memberOfB = system.issuer().businessToken(List.of(b));

            // WHEN A's member sends ten times its limit as fast as it can, and B's member one call after every ten
            List<HttpResponse<String>> fromA = new ArrayList<>();
            List<Integer> fromB = new ArrayList<>();
            long began = System.nanoTime();
            for (int i = 0; i < 10 * PER_BUSINESS; i++) {
                fromA.add(get(system, "/businesses/" + a, memberOfA));
                if (i % 10 == 9) {
                    fromB.add(get(system, "/businesses/" + b, memberOfB).statusCode());
                }
            }
            long seconds = (System.nanoTime() - began) / 1_000_000_000L + 1;

            // THEN every one of B's calls was answered
            assertThat(fromB).hasSize(PER_BUSINESS).containsOnly(200);
            // AND A was answered at most its share of each second the burst spanned, and refused by the function
            // otherwise: 429 problem+json with Retry-After, the function's own title (not the stage's)
            List<HttpResponse<String>> refused = fromA.stream()
                    .filter(response -> response.statusCode() != 200)
                    .toList();
            System.out.println("[test] A: " + (fromA.size() - refused.size()) + " answered, " + refused.size()
                    + " refused in " + seconds + " second(s) or less; B: " + fromB);
            assertThat(fromA.size() - refused.size()).isBetween(PER_BUSINESS, (int) (PER_BUSINESS * (seconds + 1)));
            assertThat(refused).isNotEmpty().allSatisfy(response -> {
                assertThat(response.statusCode()).isEqualTo(429);
                assertThat(response.headers().firstValue("retry-after")).hasValue("1");
                assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
                assertThat(problem(response).path("title").asText()).isEqualTo("Too many requests");
            });

            // WHEN anyone floods the front door with junk tokens
            List<HttpResponse<String>> junk = new ArrayList<>();
            for (int i = 0; i < 4 * STAGE_BURST; i++) {
                junk.add(get(system, "/businesses/" + b, "junk." + i));
            }

            // THEN the authorizer refuses them while the stage's bucket has tokens, and the stage refuses them once it
            // is spent: the bucket every caller shares, B's member included, which only the stage's size protects
            assertThat(junk)
                    .extracting(HttpResponse::statusCode)
                    .containsOnly(401, 429)
                    .contains(401, 429);
            assertThat(junk.stream().filter(response -> response.statusCode() == 429))
                    .allSatisfy(response ->
                            assertThat(problem(response).path("title").asText()).isEqualTo("Too Many Requests"));
        } finally {
            LIMITS.keySet().forEach(System::clearProperty);
        }
    }

    private HttpResponse<String> get(LocalSystem system, String path, String token) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + system.apiPort() + path))
                        .header("Authorization", "Bearer " + token)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode problem(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }
}
