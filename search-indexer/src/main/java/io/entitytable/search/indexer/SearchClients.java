package io.entitytable.search.indexer;

import java.net.URI;
import org.apache.hc.core5.http.HttpHost;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.aws.AwsSdk2Transport;
import org.opensearch.client.transport.aws.AwsSdk2TransportOptions;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;

/**
 * The OpenSearch client of an {@link IndexerConfig}: SigV4-signed requests (service {@code aoss}) over the SDK's
 * url-connection client for Amazon OpenSearch Serverless, plain HTTP for a local engine.
 */
final class SearchClients {
    /** The SigV4 service name of Amazon OpenSearch Serverless collections. */
    static final String SERVERLESS_SERVICE = "aoss";

    private SearchClients() {}

    static OpenSearchClient create(IndexerConfig config) {
        return new OpenSearchClient(transport(config));
    }

    private static OpenSearchTransport transport(IndexerConfig config) {
        URI endpoint = config.endpoint();
        if (config.signing()) {
            return new AwsSdk2Transport(
                    UrlConnectionHttpClient.create(),
                    endpoint.getHost(),
                    SERVERLESS_SERVICE,
                    new DefaultAwsRegionProviderChain().getRegion(),
                    AwsSdk2TransportOptions.builder()
                            .setMapper(new JacksonJsonpMapper())
                            .build());
        }
        return ApacheHttpClient5TransportBuilder.builder(HttpHost.create(endpoint))
                .setMapper(new JacksonJsonpMapper())
                .build();
    }
}
