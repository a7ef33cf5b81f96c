package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.function.RuntimeApiServer;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code start --bind-address}: parsed, warned about, and the front door alone listening where it says. */
class BindAddressTest {
    @TempDir
    Path dataFolder;

    @Test
    void startOptions_shouldKeepTheFrontDoorOnLoopback_unlessBindAddressIsGiven() {
        // GIVEN start's command line without and with --bind-address
        // WHEN parsed
        LocalOptions defaults = Main.options(new ArrayDeque<>(List.of("--in-memory")), true);
        LocalOptions wide = Main.options(new ArrayDeque<>(List.of("--bind-address", "0.0.0.0")), true);

        // THEN the front door listens on loopback by default, on every interface when asked
        assertThat(defaults.apiBindAddress().loopback()).isTrue();
        assertThat(defaults.apiBindAddress().address().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(wide.apiBindAddress().loopback()).isFalse();
        assertThat(wide.apiBindAddress().address().isAnyLocalAddress()).isTrue();
    }

    @Test
    void bindAddress_shouldBeRefused_whenMissingBlankUnknownOrGivenToInvoke() {
        assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--bind-address")), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--bind-address needs a value");
        assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--bind-address", " ")), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--bind-address needs an address");
        assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--bind-address", "[not-an-address]")), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not an address");
        assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--bind-address", "0.0.0.0")), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--bind-address is an option of start");
    }

    @Test
    void warning_shouldSayWhoCanReachTheApi_onlyWhenWiderThanLoopback() {
        assertThat(BindAddress.LOOPBACK.warning(8080)).isEmpty();
        assertThat(BindAddress.parse("127.0.0.1").warning(8080)).isEmpty();
        assertThat(BindAddress.parse("0.0.0.0").warning(8080)).hasValueSatisfying(warning -> assertThat(warning)
                .startsWith("[local] WARNING: --bind-address 0.0.0.0")
                .contains("port 8080", "every network interface", "other machines", "token")
                .contains("The DynamoDB engine, SQS, the search engine, S3 and the functions' Runtime APIs stay on"
                        + " 127.0.0.1"));
        assertThat(BindAddress.parse("192.0.2.7").warning(8080))
                .hasValueSatisfying(warning -> assertThat(warning).contains("listens on 192.0.2.7"));
        assertThat(BindAddress.parse("0.0.0.0").urlHost()).isEqualTo("localhost");
        assertThat(BindAddress.parse("192.0.2.7").urlHost()).isEqualTo("192.0.2.7");
        assertThat(BindAddress.parse("::1").urlHost()).isEqualTo("[0:0:0:0:0:0:0:1]");
    }

    @Test
    void frontDoor_shouldBeReachableFromOtherAddresses_onlyWhenBoundWider() {
        // GIVEN an address of this machine other than loopback, as another machine would use
        List<InetAddress> others = Reachability.nonLoopbackAddresses();
        assumeThat(others).as("a network interface other than loopback").isNotEmpty();
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder);
        Path document = LocalOptions.defaults(RepositoryRoot.find()).openApiDocument();

        // WHEN one front door starts with the defaults and one bound to every interface
        try (RuntimeApiServer loopback = RuntimeApiServer.httpFrontDoor(0, document, issuer);
                RuntimeApiServer wide = RuntimeApiServer.httpFrontDoor(
                        BindAddress.parse("0.0.0.0").address(),
                        0,
                        document,
                        issuer,
                        Duration.ofSeconds(5),
                        null,
                        null)) {
            // THEN the default one refuses the other address, the wide one accepts it: the check sees the difference
            Reachability.assertLoopbackOnly("front door", loopback.port());
            assertThat(Reachability.accepts(others.get(0), wide.port())).isTrue();
            // AND the wide one's function still reaches its Runtime API through loopback
            assertThat(wide.runtimeApiAddress()).startsWith("127.0.0.1:" + wide.port() + "/");
        }
    }
}
