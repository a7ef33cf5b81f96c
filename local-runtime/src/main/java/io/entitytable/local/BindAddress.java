package io.entitytable.local;

import io.entitytable.local.function.RuntimeApiServer;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * The address the API front door listens on: loopback unless {@code start --bind-address} says otherwise. Only the
 * front door can be widened, because it is the one listener that checks who calls (a token of the local issuer, except
 * for {@code /docs}). The local DynamoDB engine (any credentials), SQS, the search engine and the functions' Runtime APIs check
 * no one, so they always stay on loopback: reach them from elsewhere through an SSH tunnel, if at all. The local S3
 * server checks a key, but one that every function's environment carries: it stays on loopback too.
 */
public record BindAddress(InetAddress address) {
    public static final BindAddress LOOPBACK = new BindAddress(RuntimeApiServer.LOOPBACK);

    /**
     * The value of {@code --bind-address}: an IP address of this machine ({@code 0.0.0.0} for every IPv4 interface) or
     * a name that resolves to one.
     */
    public static BindAddress parse(String text) {
        if (text.isBlank()) {
            throw new IllegalArgumentException("--bind-address needs an address, e.g. 0.0.0.0");
        }
        try {
            return new BindAddress(InetAddress.getByName(text));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind-address: '" + text + "' is not an address", e);
        }
    }

    /** The host of the API's URL as this machine's browser and curl use it. */
    public String urlHost() {
        if (address.isAnyLocalAddress() || address.equals(RuntimeApiServer.LOOPBACK)) {
            return "localhost";
        }
        return address instanceof Inet6Address ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
    }

    public boolean loopback() {
        return address.isLoopbackAddress();
    }

    /**
     * What {@code start} prints first when the front door is reachable from other machines; empty on loopback, where
     * only this machine's processes reach it.
     */
    public Optional<String> warning(int port) {
        if (loopback()) {
            return Optional.empty();
        }
        String where = address.isAnyLocalAddress() ? "every network interface" : address.getHostAddress();
        return Optional.of("[local] WARNING: --bind-address " + address.getHostAddress()
                + ": the API front door (port " + port + ") listens on " + where
                + ", so other machines on your networks can reach it. It still needs a token of this data folder's"
                + " issuer for everything but /docs. The DynamoDB engine, SQS, the search engine, S3 and the functions'"
                + " Runtime APIs stay on " + RuntimeApiServer.LOOPBACK.getHostAddress() + ".");
    }
}
