package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortTest {
    @Test
    void freePorts_shouldBeDistinctBindableAndBelowTheEphemeralRange() throws IOException {
        // GIVEN ports asked for one after another, none bound yet (as the local system asks before it starts servers)
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            ports.add(LocalDynamoDb.freePort());
        }

        // THEN no port was handed out twice, none is one an outgoing connection could take, and each can be bound
        assertThat(ports).hasSize(50).allSatisfy(port -> assertThat(port).isBetween(20_000, 31_999));
        for (int port : ports) {
            try (ServerSocket socket = new ServerSocket(port)) {
                assertThat(socket.getLocalPort()).isEqualTo(port);
            }
        }
    }
}
