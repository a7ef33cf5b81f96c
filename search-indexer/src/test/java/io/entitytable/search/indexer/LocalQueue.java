package io.entitytable.search.indexer;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.elasticmq.NodeAddress;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/** A real SQS API in this JVM (ElasticMQ, as the local runtime runs it) with one queue. */
final class LocalQueue implements AutoCloseable {
    private final SQSRestServer server;
    final SqsClient sqs;
    final String queueUrl;

    LocalQueue(String queueName) {
        int port = LocalDynamoDb.freePort();
        server = SQSRestServerBuilder.withPort(port)
                .withInterface("localhost")
                .withServerAddress(new NodeAddress("http", "localhost", port, ""))
                .withAWSRegion(LocalDynamoDb.REGION.id())
                .start();
        server.waitUntilStarted();
        sqs = SqsClient.builder()
                .endpointOverride(URI.create("http://localhost:" + port))
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        queueUrl = sqs.createQueue(b -> b.queueName(queueName)).queueUrl();
    }

    SqsDeadLetters deadLetters() {
        return new SqsDeadLetters(sqs, queueUrl);
    }

    /** Every message body on the queue, waiting up to a few seconds for {@code expected} of them. */
    List<String> receive(int expected) {
        List<String> bodies = new ArrayList<>();
        for (int round = 0; round < 10 && bodies.size() < expected; round++) {
            List<Message> messages = sqs.receiveMessage(
                            b -> b.queueUrl(queueUrl).maxNumberOfMessages(10).waitTimeSeconds(1))
                    .messages();
            messages.forEach(message -> bodies.add(message.body()));
        }
        return bodies;
    }

    @Override
    public void close() {
        sqs.close();
        server.stopAndWait();
    }
}
