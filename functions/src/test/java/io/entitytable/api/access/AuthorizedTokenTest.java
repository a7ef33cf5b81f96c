package io.entitytable.api.access;

import static io.entitytable.api.access.TestTokens.GROUPS;
import static io.entitytable.api.access.TestTokens.claims;
import static io.entitytable.api.access.TestTokens.payload;
import static io.entitytable.api.access.TestTokens.token;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Ids;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuthorizedTokenTest {
    /** The caller a request with this token in its header and these claims in its event is. */
    private static Caller caller(String authorization, Map<String, String> claims) {
        return AuthorizedToken.of(authorization, claims)
                .map(token -> Caller.of(token.subject(), token.groups(GROUPS)))
                .orElse(Caller.NOBODY);
    }

    private static Caller bearer(Map<String, Object> payload) {
        return caller("Bearer " + token(payload), claims(payload));
    }

    @Test
    void of_shouldReadTheGroupsAsTheTokensExactList() {
        // GIVEN
        String business = Ids.newId();
        Map<String, Object> member = payload("u-1", List.of("business-" + business, "Night shift"));

        // WHEN
        Caller caller = bearer(member);

        // THEN
        assertThat(caller).isEqualTo(new Caller("u-1", false, Set.of(business)));
        assertThat(bearer(payload("o-1", List.of("operators"))).operator()).isTrue();
    }

    @Test
    void of_shouldGrantNothing_forCraftedGroupNames() {
        // GIVEN group names that a split on spaces and commas, or API Gateway's flattened "[a b]", would misread
        String business = Ids.newId();
        List<String> crafted = List.of(
                "support,operators",
                "Night operators",
                "operators ",
                "[operators]",
                "business-" + business + " operators",
                "x] [operators");

        for (String group : crafted) {
            // WHEN in an array claim, and as an external issuer's single-group string claim
            Caller fromArray = bearer(payload("u-1", List.of(group)));
            Caller fromString = bearer(payload("u-1", group));

            // THEN
            assertThat(fromArray).as(group).isEqualTo(new Caller("u-1", false, Set.of()));
            assertThat(fromString).as(group).isEqualTo(new Caller("u-1", false, Set.of()));
        }
    }

    @Test
    void of_shouldReadAStringClaimAsOneGroup_neverSplit() {
        // GIVEN / WHEN / THEN
        assertThat(bearer(payload("o-1", "operators")).operator()).isTrue();
        assertThat(bearer(payload("u-1", "readers operators")).operator()).isFalse();
        // AND a claim of another type, or elements that are not strings, hold no group
        assertThat(bearer(payload("u-1", Map.of("operators", true))).operator()).isFalse();
        assertThat(bearer(payload("u-1", List.of(List.of("operators"), 1))).operator())
                .isFalse();
        assertThat(bearer(payload("u-1", null)).operator()).isFalse();
    }

    @Test
    void of_shouldBeEmpty_whenTheHeadersTokenIsNotTheOneTheClaimsDescribe() {
        // GIVEN the claims an operator's verified token produced
        Map<String, Object> verified = payload("o-1", List.of("operators"));
        Map<String, String> claims = claims(verified);

        for (String claim : List.of("sub", "iat", "exp", "jti")) {
            // WHEN the header carries another token, equal but for one claim
            Map<String, Object> other = new HashMap<>(verified);
            other.put(claim, claim.equals("sub") || claim.equals("jti") ? "other" : 1_795_312_801L);
            Optional<AuthorizedToken> token = AuthorizedToken.of("Bearer " + token(other), claims);

            // THEN
            assertThat(token).as(claim).isEmpty();
        }
        // AND a jti on only one side is a mismatch too
        Map<String, Object> withoutJti = new HashMap<>(verified);
        withoutJti.remove("jti");
        assertThat(AuthorizedToken.of("Bearer " + token(withoutJti), claims)).isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + token(verified), claims(withoutJti)))
                .isEmpty();
        // AND without sub, iat or exp nothing binds the token to the claims
        Map<String, Object> withoutIat = new HashMap<>(verified);
        withoutIat.remove("iat");
        assertThat(AuthorizedToken.of("Bearer " + token(withoutIat), claims(withoutIat)))
                .isEmpty();
    }

    @Test
    void of_shouldBeEmpty_withoutAHeaderOrClaims_orWhenTheHeaderIsNoSingleJwt() {
        // GIVEN
        Map<String, Object> verified = payload("o-1", List.of("operators"));
        Map<String, String> claims = claims(verified);
        String token = token(verified);
        String[] parts = token.split("\\.");

        // WHEN / THEN
        assertThat(AuthorizedToken.of(null, claims)).isEmpty();
        assertThat(AuthorizedToken.of("", claims)).isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + token, Map.of())).isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + token, null)).isEmpty();
        assertThat(AuthorizedToken.of("Basic " + token, claims)).isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + token + ", Bearer " + token, claims))
                .isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + parts[0] + "." + parts[1], claims))
                .isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + parts[0] + ".e30=." + parts[2], claims))
                .isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + parts[0] + "." + part("[1]") + "." + parts[2], claims))
                .isEmpty();
        assertThat(AuthorizedToken.of("Bearer " + parts[0] + "." + part("{\"sub\":") + "." + parts[2], claims))
                .isEmpty();
        // AND a payload that names a claim twice leaves no doubt to the parser: no token
        String twice = "{\"sub\":\"o-1\",\"iat\":1795312800,\"exp\":1795316400,\"jti\":\"" + verified.get("jti")
                + "\",\"cognito:groups\":[\"x\"],\"cognito:groups\":[\"operators\"]}";
        assertThat(AuthorizedToken.of("Bearer " + parts[0] + "." + part(twice) + "." + parts[2], claims))
                .isEmpty();
    }

    @Test
    void of_shouldAcceptTheTokenWithOrWithoutTheBearerScheme_asApiGatewayDoes() {
        // GIVEN
        Map<String, Object> verified = payload("o-1", List.of("operators"));
        String token = token(verified);

        // WHEN / THEN
        assertThat(caller(token, claims(verified)).operator()).isTrue();
        assertThat(caller("bearer " + token, claims(verified)).operator()).isTrue();
        assertThat(caller(" BEARER  " + token + " ", claims(verified)).operator())
                .isTrue();
        assertThat(caller("Bearer " + token, claims(verified)).subject()).isEqualTo("o-1");
    }

    private static String part(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
