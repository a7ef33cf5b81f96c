package io.entitytable.local.sqs;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

/**
 * Ports every browser refuses to fetch from, whatever the page asks: the Fetch standard's "bad ports" (navigations,
 * forms, images and scripts alike, also to a host name re-pointed at 127.0.0.1). ElasticMQ listens on one of them
 * behind {@link WebPageRefusingProxy}, so a page that scans localhost for open ports cannot reach it around the proxy.
 * Of that list, only the ports of services that hardly run on a developer's machine (IRC, Amanda backup), so that
 * ElasticMQ never takes the port of one the developer starts later (X11, NFS, SIP).
 */
final class BrowserBlockedPorts {
    static final List<Integer> FOR_LOCAL_SERVERS = List.of(6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080);

    private BrowserBlockedPorts() {}

    /** Whether nothing listens on {@code port} of {@code address} just now. */
    static boolean isFree(InetAddress address, int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, address)) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
