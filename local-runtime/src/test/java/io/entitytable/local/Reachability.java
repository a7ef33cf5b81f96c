package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;

/**
 * Whether a port of this machine can be reached as another machine would reach it: through an address of one of its
 * network interfaces other than loopback.
 */
public final class Reachability {
    private static final int CONNECT_TIMEOUT_MS = 1_000;

    private Reachability() {}

    /** The addresses other machines could use to reach this one: of interfaces that are up, not loopback. */
    public static List<InetAddress> nonLoopbackAddresses() {
        try {
            return NetworkInterface.networkInterfaces()
                    .filter(Reachability::isUp)
                    .flatMap(NetworkInterface::inetAddresses)
                    .filter(address -> !address.isLoopbackAddress() && !address.isLinkLocalAddress())
                    .toList();
        } catch (SocketException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True when a TCP connection to {@code address:port} is accepted. */
    public static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException refusedOrUnreachable) {
            return false;
        }
    }

    /**
     * Asserts that {@code port} accepts connections on the loopback address (so it is really listening) and refuses them
     * on every other address of this machine. Returns how many other addresses were tried: 0 on a machine with no
     * network interface but loopback, where the refusal cannot be shown.
     */
    public static int assertLoopbackOnly(String listener, int port) {
        assertThat(accepts(InetAddress.getLoopbackAddress(), port))
                .as("%s (port %d) accepts connections on loopback", listener, port)
                .isTrue();
        List<InetAddress> others = nonLoopbackAddresses();
        for (InetAddress address : others) {
            assertThat(accepts(address, port))
                    .as("%s (port %d) refuses connections on %s", listener, port, address.getHostAddress())
                    .isFalse();
        }
        return others.size();
    }

    private static boolean isUp(NetworkInterface networkInterface) {
        try {
            return networkInterface.isUp() && !networkInterface.isLoopback();
        } catch (SocketException e) {
            return false;
        }
    }
}
