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
 * The OpenSearch client every part of the project uses: requests signed with SigV4 (service {@value
 * #SERVERLESS_SERVICE}) over the SDK's url-connection client for an Amazon OpenSearch Serverless collection, plain
 * HTTP for a local engine.
 */
public final class SearchEngineClients {
    /** The SigV4 service name of Amazon OpenSearch Serverless collections. */
    public static final String SERVERLESS_SERVICE = "aoss";

    private SearchEngineClients() {}

    /**
     * @param endpoint the engine, e.g. {@code https://<id>.<region>.aoss.amazonaws.com} or {@code http://127.0.0.1:9200}
     * @param signing whether to sign requests (a Serverless collection), see {@link #signsByDefault}
     */
    public static OpenSearchClient create(URI endpoint, boolean signing) {
        return new OpenSearchClient(transport(endpoint, signing));
    }

    /** A collection on AWS is reached over HTTPS and signed; a local engine speaks plain HTTP. */
    public static boolean signsByDefault(URI endpoint) {
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
                .build();
    }
}
