package io.entitytable.search.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebPageRequestsTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "localhost",
                "localhost:9200",
                "127.0.0.1",
                "127.0.0.1:9324",
                "[::1]",
                "[::1]:9200",
                "LocalHost:1"
            })
    void request_shouldBeServed_whenAProgramAddressesALoopbackName(String host) {
        assertThat(WebPageRequests.refusal(headers(Map.of("Host", host)))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "attacker.example",
                "attacker.example:9324",
                "localhost.attacker.example",
                "127.0.0.1.nip.io:9200",
                "127.0.0.2",
                "0.0.0.0:9200",
                "[::2]:9200",
                "::1",
                "localhost:",
                "localhost:92x0",
                "localhost:9200:9200",
                "[::1]x",
                ""
            })
    void request_shouldBeRefused_whenItsHostIsNoLoopbackName(String host) {
        assertThat(WebPageRequests.refusal(headers(Map.of("Host", host)))).isPresent();
    }

    @Test
    void request_shouldBeRefused_whenItHasNoHost() {
        assertThat(WebPageRequests.refusal(headers(Map.of()))).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Origin", "origin", "Sec-Fetch-Site", "sec-fetch-mode"})
    void request_shouldBeRefused_whenItCarriesABrowsersHeader(String name) {
        // GIVEN a loopback Host, and a header that only a browser sends, even empty
        Map<String, String> sent = Map.of("Host", "localhost:9200", name, "");

        // WHEN / THEN
        assertThat(WebPageRequests.refusal(headers(sent))).isPresent();
    }

    /** Header lookup by name in any case, as HTTP servers offer it. */
    private static Function<String, String> headers(Map<String, String> sent) {
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(sent);
        return byName::get;
    }
}
