package io.entitytable.verify;

import io.entitytable.search.client.SearchClients;
import java.io.IOException;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.aws.AwsSdk2Transport;
import org.opensearch.client.transport.aws.AwsSdk2TransportOptions;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;

/**
 * The search engine's client for {@code --search-endpoint}: plain HTTP for a local engine ({@link SearchClients}), or
 * SigV4-signed for Amazon OpenSearch Serverless in the region the table's client resolved ({@code --region} or the
 * SDK's chain), with the SDK's default credential chain.
 */
final class SearchClientFactory {
    private SearchClientFactory() {}

    /** Null without {@code --search-endpoint}. */
    static OpenSearchClient create(VerifyOptions options) {
        if (options.searchEndpoint() == null) {
            return null;
        }
        if (!options.searchSigned()) {
            return SearchClients.create(options.searchEndpoint(), false);
        }
        return new OpenSearchClient(new AwsSdk2Transport(
                UrlConnectionHttpClient.create(),
                options.searchEndpoint().getHost(),
                SearchClients.SERVERLESS_SERVICE,
                Region.of(DynamoClientFactory.resolveRegion(options.endpoint(), options.region())),
                AwsSdk2TransportOptions.builder()
                        .setMapper(new JacksonJsonpMapper())
                        .build()));
    }

    static void close(OpenSearchClient client) {
        if (client == null) {
            return;
        }
        try {
            client._transport().close();
        } catch (IOException e) {
            // Closing the connections at exit: nothing left to do about it.
        }
    }
}
