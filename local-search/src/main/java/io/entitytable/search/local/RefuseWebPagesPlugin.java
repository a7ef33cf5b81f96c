package io.entitytable.search.local;

import java.util.Optional;
import java.util.function.UnaryOperator;
import org.opensearch.client.node.NodeClient;
import org.opensearch.common.util.concurrent.ThreadContext;
import org.opensearch.core.rest.RestStatus;
import org.opensearch.plugins.ActionPlugin;
import org.opensearch.plugins.Plugin;
import org.opensearch.rest.BytesRestResponse;
import org.opensearch.rest.RestChannel;
import org.opensearch.rest.RestHandler;
import org.opensearch.rest.RestRequest;

/**
 * Answers 403, before any REST handler acts, to what only a web page's browser sends ({@link WebPageRequests}): the
 * engine checks no one, so a page open in the developer's browser could otherwise empty an index with a body-less form
 * {@code POST /<index>/_delete_by_query?q=*}. A node takes one REST handler wrapper, from one plugin: no other plugin
 * of {@link LocalSearchNode} has one.
 */
public final class RefuseWebPagesPlugin extends Plugin implements ActionPlugin {
    private static final String JSON = "application/json; charset=UTF-8";

    @Override
    public UnaryOperator<RestHandler> getRestHandlerWrapper(ThreadContext threadContext) {
        return Refusing::new;
    }

    private static final class Refusing extends RestHandler.Wrapper {
        Refusing(RestHandler handler) {
            super(handler);
        }

        @Override
        public void handleRequest(RestRequest request, RestChannel channel, NodeClient client) throws Exception {
            Optional<String> refusal = WebPageRequests.refusal(request::header);
            if (refusal.isPresent()) {
                // The engine's own error shape; the reasons are constants without characters JSON would escape.
                channel.sendResponse(new BytesRestResponse(
                        RestStatus.FORBIDDEN,
                        JSON,
                        "{\"error\":{\"type\":\"forbidden\",\"reason\":\"" + refusal.get() + "\"},\"status\":403}"));
                return;
            }
            super.handleRequest(request, channel, client);
        }
    }
}
