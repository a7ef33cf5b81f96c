package io.entitytable.local.sqs;

import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.RuntimeApiServer;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.elasticmq.NodeAddress;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import org.elasticmq.rest.sqs.TheSQSRestServerBuilder;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * SQS on this machine: ElasticMQ in this JVM, holding the refresh queue and its dead-letter queue with the settings of
 * a {@link RefreshQueueTrigger}, behind a proxy that refuses web pages. Given a folder, it keeps its queues and messages
 * there ({@link KeptMessages}), so that what was queued when the process ended, by a stop or a kill, is queued again at
 * the next start ({@link #recovered()}); without one they live in memory and are gone when it stops.
 *
 * @param elasticMqPort where ElasticMQ itself listens, behind the proxy: no client uses it (it is in {@code
 *     LocalSystem.listeners()})
 * @param endpoint what a function's {@code AWS_ENDPOINT_URL_SQS} points at
 * @param client a client of this SQS, owned by it: do not close
 * @param kept the message storage, or null when messages live in memory
 * @param recovered what the folder held at the start, one entry per queue that held messages
 */
public record LocalSqs(
        SQSRestServer server,
        int elasticMqPort,
        WebPageRefusingProxy front,
        URI endpoint,
        SqsClient client,
        RefreshQueues queues,
        KeptMessages kept,
        List<RecoveredQueue> recovered)
        implements AutoCloseable {
    /** ElasticMQ's account id, part of its queue URLs and ARNs. */
    static final String ACCOUNT = "000000000000";

    /**
     * Starts SQS on the loopback address, port {@code port} (a free one when 0), and creates the queues, if missing.
     * Loopback only: it takes any credentials, so whoever reaches it could read, delete or forge refresh messages. That
     * port is a {@link WebPageRefusingProxy}, which keeps out the web pages of the developer's browser; ElasticMQ itself
     * listens behind it on a port browsers never fetch from ({@link BrowserBlockedPorts}).
     */
    public static LocalSqs start(int port, RefreshQueueTrigger trigger) {
        return start(port, trigger, null);
    }

    /**
     * As {@link #start(int, RefreshQueueTrigger)}, keeping the queues and their messages in {@code messageFolder}
     * (null: in memory). Messages the previous process had received and not deleted are made visible at once: the
     * consumer that held them is gone with that process, and SQS would hand them out again after their visibility
     * timeout (6 minutes for the refresh queue); here the start does not wait for it.
     */
    public static LocalSqs start(int port, RefreshQueueTrigger trigger, Path messageFolder) {
        int bound = port == 0 ? LocalDynamoDb.freePort() : port;
        KeptMessages kept = messageFolder == null ? null : KeptMessages.open(messageFolder);
        SQSRestServer server;
        try {
            server = startElasticMq(bound, kept);
        } catch (RuntimeException e) {
            if (kept != null) {
                kept.close();
            }
            throw e;
        }
        int elasticMqPort = server.waitUntilStarted().localAddress().getPort();
        WebPageRefusingProxy front = null;
        SqsClient client = null;
        try {
            if (kept != null) {
                kept.restore();
            }
            front = WebPageRefusingProxy.start(RuntimeApiServer.LOOPBACK, bound, elasticMqPort);
            URI endpoint = URI.create("http://localhost:" + bound);
            client = client(endpoint);
            RefreshQueues queues = createQueues(client, trigger);
            // The search indexer's queue of refused records: nothing reads it but people (and tests).
            client.createQueue(b -> b.queueName(SearchIndex.DEAD_LETTER_QUEUE));
            if (!queues.queueUrl().equals(queueUrl(endpoint, RefreshQueueNames.QUEUE))) {
                throw new IllegalStateException("ElasticMQ named the refresh queue " + queues.queueUrl() + ", not "
                        + queueUrl(endpoint, RefreshQueueNames.QUEUE));
            }
            List<RecoveredQueue> recovered = kept == null ? List.of() : RecoveredQueue.releaseAll(kept, client);
            return new LocalSqs(server, elasticMqPort, front, endpoint, client, queues, kept, recovered);
        } catch (RuntimeException e) {
            if (client != null) {
                client.close();
            }
            if (front != null) {
                front.close();
            }
            server.stopAndWait();
            if (kept != null) {
                kept.close();
            }
            throw e;
        }
    }

    /**
     * ElasticMQ on the first free port of {@link BrowserBlockedPorts} (the next one when another process takes it
     * first), naming {@code publicPort} in its queue URLs: clients reach it through the proxy there.
     */
    private static SQSRestServer startElasticMq(int publicPort, KeptMessages kept) {
        Exception lastFailure = null;
        for (int port : BrowserBlockedPorts.FOR_LOCAL_SERVERS) {
            if (!BrowserBlockedPorts.isFree(RuntimeApiServer.LOOPBACK, port)) {
                continue;
            }
            TheSQSRestServerBuilder builder = SQSRestServerBuilder.withPort(port)
                    .withInterface(RuntimeApiServer.LOOPBACK.getHostAddress())
                    .withServerAddress(new NodeAddress("http", "localhost", publicPort, ""))
                    .withAWSRegion(LocalDynamoDb.REGION.id())
                    .withAWSAccountId(ACCOUNT);
            if (kept != null) {
                builder = builder.withActorSystem(kept.actors())
                        .withQueueManagerActor(kept.queueManager())
                        .withQueueEventListener(kept.storage());
            }
            SQSRestServer server = builder.start();
            try {
                server.waitUntilStarted();
                return server;
            } catch (Exception bindFailed) {
                lastFailure = bindFailed;
                try {
                    server.stopAndWait();
                } catch (Exception neverBound) {
                    // Stopping a server whose bind failed fails the same way (it awaits the binding); on an actor
                    // system of the caller's, that stop is all there is to do before the next port.
                }
            }
        }
        throw new IllegalStateException(
                "no free port for ElasticMQ among " + BrowserBlockedPorts.FOR_LOCAL_SERVERS + " on 127.0.0.1",
                lastFailure);
    }

    /**
     * The URL a queue of this SQS has, known before it starts: functions get the refresh queue's URL in their
     * environment while ElasticMQ is still starting. {@link #start} checks it.
     */
    public static String queueUrl(URI endpoint, String queueName) {
        return endpoint + "/" + ACCOUNT + "/" + queueName;
    }

    public static SqsClient client(URI endpoint) {
        return SqsClient.builder()
                .endpointOverride(endpoint)
                .region(LocalDynamoDb.REGION)
                // ElasticMQ accepts any credentials.
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    private static RefreshQueues createQueues(SqsClient client, RefreshQueueTrigger trigger) {
        String retention = Integer.toString(trigger.retentionSeconds());
        String dlqUrl = client.createQueue(b -> b.queueName(RefreshQueueNames.DEAD_LETTER_QUEUE)
                        .attributes(Map.of(QueueAttributeName.MESSAGE_RETENTION_PERIOD, retention)))
                .queueUrl();
        String dlqArn = arnOf(client, dlqUrl);
        String redrivePolicy = "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":\""
                + trigger.maxReceiveCount() + "\"}";
        String queueUrl = client.createQueue(b -> b.queueName(RefreshQueueNames.QUEUE)
                        .attributes(Map.of(
                                QueueAttributeName.VISIBILITY_TIMEOUT,
                                Integer.toString(trigger.visibilityTimeoutSeconds()),
                                QueueAttributeName.MESSAGE_RETENTION_PERIOD,
                                retention,
                                QueueAttributeName.REDRIVE_POLICY,
                                redrivePolicy)))
                .queueUrl();
        return new RefreshQueues(queueUrl, arnOf(client, queueUrl), dlqUrl, dlqArn);
    }

    private static String arnOf(SqsClient client, String queueUrl) {
        return client.getQueueAttributes(b -> b.queueUrl(queueUrl).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes()
                .get(QueueAttributeName.QUEUE_ARN);
    }

    /** Messages in the queue, visible or in flight (for tests and the status of a run). */
    public int depth(String queueUrl) {
        Map<QueueAttributeName, String> attributes = client.getQueueAttributes(b -> b.queueUrl(queueUrl)
                        .attributeNames(
                                QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                                QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE))
                .attributes();
        return Integer.parseInt(attributes.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES))
                + Integer.parseInt(attributes.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
    }

    /** Whether messages are kept in a folder across restarts (not with {@code --in-memory}). */
    public boolean keepsMessages() {
        return kept != null;
    }

    @Override
    public void close() {
        client.close();
        front.close();
        server.stopAndWait();
        if (kept != null) {
            kept.close();
        }
    }

    @Override
    public String toString() {
        return "ElasticMQ at " + endpoint;
    }
}
