package io.entitytable.api.search;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.TextSearch;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * The search index the API reads, when the deployment has one ({@code SEARCH_ENDPOINT}); a deployment without search
 * answers the route with 404.
 */
@ApplicationScoped
public class SearchBackend {
    private final Optional<TextSearch> search;

    SearchBackend(ApiConfig config) {
        this.search = config.searchEndpoint()
                .map(endpoint -> new TextSearch(SearchClients.create(
                        endpoint,
                        SearchClients.signingOf(
                                endpoint,
                                config.searchSigning().map(String::valueOf).orElse(null)))));
    }

    public Optional<TextSearch> search() {
        return search;
    }
}
