package io.entitytable.verify;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A one-line status on stderr, redrawn with a carriage return, shown only when a person is watching (the caller passes
 * {@code System.console() != null}); piped or in CI the stderr log stays free of it.
 */
class ProgressIndicator {
    private static final long REDRAW_MILLIS = 250;

    static ProgressIndicator none() {
        return new ProgressIndicator();
    }

    static ProgressIndicator onTerminal(PrintStream terminal) {
        return new TerminalProgress(terminal);
    }

    /** Shows {@code status} until the returned phase is closed, then its last value on a line of its own. */
    Phase start(Supplier<String> status) {
        return () -> {};
    }

    /** A running status line. */
    interface Phase extends AutoCloseable {
        @Override
        void close();
    }

    private static final class TerminalProgress extends ProgressIndicator {
        private final PrintStream terminal;

        TerminalProgress(PrintStream terminal) {
            this.terminal = terminal;
        }

        @Override
        Phase start(Supplier<String> status) {
            ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "progress");
                thread.setDaemon(true);
                return thread;
            });
            ticker.scheduleAtFixedRate(() -> draw(status.get()), 0, REDRAW_MILLIS, TimeUnit.MILLISECONDS);
            return () -> {
                ticker.shutdownNow();
                try {
                    ticker.awaitTermination(1, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                draw(status.get());
                terminal.println();
            };
        }

        private synchronized void draw(String line) {
            // \033[K clears what a longer previous line left behind.
            terminal.print("\r" + line + "\033[K");
            terminal.flush();
        }
    }
}
