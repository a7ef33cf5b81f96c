package io.entitytable.local.engine.protocol;

/**
 * Whether a request's {@code Host} header names this machine's loopback: {@code localhost}, {@code 127.0.0.1} or
 * {@code [::1]}, with or without a port. A web page the browser loaded from elsewhere can reach a loopback port by
 * rebinding its own domain name to 127.0.0.1, but its requests still carry that domain in {@code Host}: refusing them
 * keeps such pages away from the engine's data (DNS rebinding).
 */
final class LoopbackHost {
    private LoopbackHost() {}

    static boolean allows(String host) {
        if (host == null) {
            return false;
        }
        int nameEnd;
        if (host.startsWith("[")) {
            nameEnd = host.indexOf(']') + 1;
            if (nameEnd == 0) {
                return false;
            }
        } else {
            int colon = host.indexOf(':');
            nameEnd = colon < 0 ? host.length() : colon;
        }
        String name = host.substring(0, nameEnd);
        return isPort(host, nameEnd)
                && (name.equalsIgnoreCase("localhost") || name.equals("127.0.0.1") || name.equals("[::1]"));
    }

    /** Nothing after the name, or {@code :} and one to five digits. */
    private static boolean isPort(String host, int from) {
        if (from == host.length()) {
            return true;
        }
        int digits = host.length() - from - 1;
        if (host.charAt(from) != ':' || digits < 1 || digits > 5) {
            return false;
        }
        for (int i = from + 1; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
