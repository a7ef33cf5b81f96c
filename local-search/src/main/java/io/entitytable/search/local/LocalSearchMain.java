package io.entitytable.search.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.opensearch.cluster.health.ClusterHealthStatus;

/**
 * Runs the local search engine until the JVM is asked to stop (SIGTERM, Ctrl-C). Arguments: the data folder and the
 * HTTP port (0 = any free port). Prints {@value LocalSearchEngine#READY_PREFIX}{@code http://127.0.0.1:PORT} on
 * stdout once the cluster is at least yellow; everything else goes to the log (WARN and above, on stderr).
 */
public final class LocalSearchMain {
    private LocalSearchMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: LocalSearchMain <data folder> <http port, 0 = any>");
            System.exit(2);
        }
        Path dataDir = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        Files.createDirectories(dataDir);

        LocalSearchNode node = LocalSearchNode.create(dataDir, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(node, stopped), "search-stop"));
        node.start();
        ClusterHealthStatus status = node.client()
                .admin()
                .cluster()
                .prepareHealth()
                .setWaitForYellowStatus()
                .get()
                .getStatus();
        if (status == ClusterHealthStatus.RED) {
            throw new IllegalStateException("the local search cluster stayed red");
        }
        System.out.println(LocalSearchEngine.READY_PREFIX + "http://127.0.0.1:" + node.httpPort());
        System.out.flush();
        stopped.await();
    }

    /** Closes the node so that its shards are flushed and its node lock released before the JVM exits. */
    private static void stop(LocalSearchNode node, CountDownLatch stopped) {
        try {
            node.close();
            node.awaitClose(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            System.err.println("local search engine did not stop cleanly: " + e);
        } finally {
            stopped.countDown();
        }
    }
}
