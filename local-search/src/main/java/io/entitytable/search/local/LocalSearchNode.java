package io.entitytable.search.local;

import java.nio.file.Path;
import java.util.List;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.plugins.Plugin;

/**
 * One OpenSearch node in this JVM, with only the plugins the project's index needs: HTTP (Netty), the common
 * analysers (ASCII folding, edge n-grams), {@code search_as_you_type} and delete-by-query; and one of the project's
 * own, which refuses requests from web pages ({@link RefuseWebPagesPlugin}). Its protected constructor is the only way
 * to start a node with classpath plugins instead of a plugins folder.
 */
final class LocalSearchNode extends Node {
    private static final List<Class<? extends Plugin>> PLUGINS = List.of(
            org.opensearch.transport.Netty4Plugin.class,
            org.opensearch.analysis.common.CommonAnalysisPlugin.class,
            org.opensearch.index.mapper.MapperExtrasPlugin.class,
            org.opensearch.index.reindex.ReindexPlugin.class,
            RefuseWebPagesPlugin.class);

    private LocalSearchNode(Environment environment) {
        super(environment, PLUGINS, true);
    }

    static LocalSearchNode create(Path dataDir, int httpPort) {
        Settings settings = Settings.builder()
                .put("cluster.name", "entity-table-local")
                .put("node.name", "entity-table-search")
                .put("path.home", dataDir.toString())
                .put("path.data", dataDir.resolve("data").toString())
                .put("path.logs", dataDir.resolve("logs").toString())
                .put("network.host", "127.0.0.1")
                .put("http.port", httpPort)
                .put("transport.port", 0)
                .put("discovery.type", "single-node")
                // A developer's nearly full disk must not turn every index read-only.
                .put("cluster.routing.allocation.disk.threshold_enabled", false)
                .build();
        return new LocalSearchNode(
                InternalSettingsPreparer.prepareEnvironment(settings, java.util.Map.of(), null, () -> "entity-table"));
    }

    int httpPort() {
        return injector()
                .getInstance(HttpServerTransport.class)
                .boundAddress()
                .publishAddress()
                .getPort();
    }
}
