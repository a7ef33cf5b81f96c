package io.entitytable.search.client;

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
 * The OpenSearch client of the search index: SigV4-signed requests (service {@code aoss}) over the SDK's url-connection
 * client for Amazon OpenSearch Serverless, plain HTTP for a local engine.
 */
public final class SearchClients {
    /** The SigV4 service name of Amazon OpenSearch Serverless collections. */
    public static final String SERVERLESS_SERVICE = "aoss";

    private SearchClients() {}

    /**
     * @param signing true for a Serverless collection (region from the SDK's default chain, {@code AWS_REGION} in
     *     Lambda), false for a local engine
     */
    public static OpenSearchClient create(URI endpoint, boolean signing) {
        return new OpenSearchClient(transport(endpoint, signing));
    }

    /** Whether an endpoint is signed: as {@code flag} says when given, else for {@code https} only. */
    public static boolean signingOf(URI endpoint, String flag) {
        if (flag != null && !flag.isBlank()) {
            return Boolean.parseBoolean(flag.trim());
        }
        return "https".equalsIgnoreCase(endpoint.getScheme());
    }

    private static OpenSearchTransport transport(URI endpoint, boolean signing) {
        if (signing) {
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
                // HttpClient 5.6 would decompress gzip responses itself, and the transport would then try again.
                .setHttpClientConfigCallback(client -> client.disableContentCompression())
                .build();
    }
}
