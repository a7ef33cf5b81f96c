package io.entitytable.local.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.net.SocketAddress;
import org.junit.jupiter.api.Test;

/** Who the console's sign-in hands an operator token to: only the console's own page, on this machine. */
class ConsoleSessionTest {
    private static final SocketAddress LOOPBACK = SocketAddress.inetSocketAddress(50000, "127.0.0.1");
    private static final SocketAddress LOOPBACK6 = SocketAddress.inetSocketAddress(50000, "0:0:0:0:0:0:0:1");
    private static final SocketAddress OTHER_MACHINE = SocketAddress.inetSocketAddress(50000, "192.168.1.20");

    @Test
    void refusal_shouldBeNone_forTheConsolesOwnPageOnThisMachine() {
        assertThat(ConsoleSession.refusal(LOOPBACK, "localhost:8080", "http://localhost:8080", "same-origin"))
                .isNull();
        assertThat(ConsoleSession.refusal(LOOPBACK6, "[::1]:8080", null, null)).isNull();
        assertThat(ConsoleSession.refusal(LOOPBACK, "127.0.0.1:8080", null, "same-origin"))
                .isNull();
    }

    @Test
    void refusal_shouldNameWhy_forAnotherMachine_anotherName_orAnotherSitesPage() {
        // another machine, through a front door bound wider
        assertThat(ConsoleSession.refusal(OTHER_MACHINE, "localhost:8080", null, null))
                .contains("only from this machine");
        // a page of another site whose name resolves to 127.0.0.1 (DNS rebinding)
        assertThat(ConsoleSession.refusal(LOOPBACK, "attacker.example:8080", "http://attacker.example:8080", null))
                .contains("localhost, 127.0.0.1 or [::1]");
        assertThat(ConsoleSession.refusal(LOOPBACK, null, null, null)).contains("localhost");
        // another site's page posting to the console
        assertThat(ConsoleSession.refusal(LOOPBACK, "localhost:8080", "http://attacker.example", "cross-site"))
                .contains("its own page");
        assertThat(ConsoleSession.refusal(LOOPBACK, "localhost:8080", null, "cross-site"))
                .contains("its own page");
        assertThat(ConsoleSession.refusal(LOOPBACK, "localhost:8080", "http://localhost:9999", null))
                .contains("its own page");
    }
}
