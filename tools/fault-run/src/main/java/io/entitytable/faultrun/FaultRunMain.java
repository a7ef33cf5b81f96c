package io.entitytable.faultrun;

import io.entitytable.local.logs.LocalLogging;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * {@code java -jar tools/fault-run/target/fault-run.jar [--seed N|random] [--duration 60s|5m|PT2M] [--clients N]}: one
 * fault-injected run; exit code 0 when it passed, 1 when it failed, 2 on bad arguments.
 */
public final class FaultRunMain {
    /** The default is 4; the cap keeps a slip of the keyboard from starting thousands of client threads. */
    static final int MAX_CLIENTS = 64;

    private FaultRunMain() {}

    public static void main(String[] args) throws InterruptedException {
        // Before anything logs: FaultRun quiets the fan-out's JBoss Logging through JUL, so the log manager must be
        // JBoss LogManager (surefire chooses the same for the tests).
        LocalLogging.install();
        FaultRunOptions options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: fault-run [--seed N|random] [--duration 60s|5m|PT2M] [--clients N]");
            System.exit(2);
            return;
        }
        FaultRunResult result = new FaultRun(options, System.err).run();
        System.out.println(result.summary());
        System.exit(result.passed() ? 0 : 1);
    }

    static FaultRunOptions parse(String[] args) {
        long seed = new SecureRandom().nextLong();
        Duration duration = Duration.ofSeconds(60);
        int clients = 4;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (!List.of("--seed", "--duration", "--clients").contains(name)) {
                throw new IllegalArgumentException("unknown option " + name);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value of " + name);
            }
            String value = args[++i];
            switch (name) {
                case "--seed" -> seed = value.equals("random") ? new SecureRandom().nextLong() : number(name, value);
                case "--duration" -> duration = duration(value);
                default -> clients = clients(value);
            }
        }
        return FaultRunOptions.of(seed, duration, clients);
    }

    private static long number(String name, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a number, not " + value);
        }
    }

    /** At least one client, at most {@value #MAX_CLIENTS}: each is a thread sending requests to the API. */
    private static int clients(String value) {
        long clients = number("--clients", value);
        if (clients < 1 || clients > MAX_CLIENTS) {
            throw new IllegalArgumentException("--clients takes 1 to " + MAX_CLIENTS + ", not " + value);
        }
        return (int) clients;
    }

    /** {@code 90s}, {@code 5m} or an ISO-8601 duration, longer than zero. */
    static Duration duration(String value) {
        String text = value.toLowerCase(Locale.ROOT);
        Duration duration;
        try {
            if (text.endsWith("s") && !text.startsWith("p")) {
                duration = Duration.ofSeconds(Long.parseLong(text.substring(0, text.length() - 1)));
            } else if (text.endsWith("m") && !text.startsWith("p")) {
                duration = Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1)));
            } else {
                duration = Duration.parse(value);
            }
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            throw notADuration(value);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw notADuration(value);
        }
        return duration;
    }

    private static IllegalArgumentException notADuration(String value) {
        return new IllegalArgumentException("--duration takes 90s, 5m or PT2M, not " + value);
    }
}
