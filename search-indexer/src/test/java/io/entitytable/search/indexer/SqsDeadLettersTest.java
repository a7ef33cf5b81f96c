package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.elasticmq.NodeAddress;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/** The dead-letter queue against a real SQS API (ElasticMQ in this JVM, as the local runtime runs it). */
class SqsDeadLettersTest {
    private static SQSRestServer server;
    private static SqsClient sqs;

    @BeforeAll
    static void start() {
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
    }

    @AfterAll
    static void stop() {
        sqs.close();
        server.stopAndWait();
    }

    @Test
    void sendAll_shouldPutEveryLetterOnTheQueue_inBatchesOfTen() {
        // GIVEN 12 letters (two SQS batches)
        String queueUrl =
                sqs.createQueue(b -> b.queueName("search-dead-letters")).queueUrl();
        List<DeadLetter> letters = IntStream.range(0, 12)
                .mapToObj(i -> new DeadLetter(
                        Integer.toString(1000 + i), "INSERT", "item-" + i, "400 mapper_parsing_exception", Map.of()))
                .toList();

        // WHEN
        new SqsDeadLetters(sqs, queueUrl).sendAll(letters);

        // THEN
        List<String> bodies = new java.util.ArrayList<>();
        for (int round = 0; round < 10 && bodies.size() < 12; round++) {
            List<Message> messages = sqs.receiveMessage(
                            b -> b.queueUrl(queueUrl).maxNumberOfMessages(10).waitTimeSeconds(1))
                    .messages();
            messages.forEach(message -> bodies.add(message.body()));
        }
        assertThat(bodies).hasSize(12);
        assertThat(bodies).anySatisfy(body -> assertThat(body)
                .contains("\"sequenceNumber\":\"1011\"")
                .contains("\"reason\":\"400 mapper_parsing_exception\""));
    }
}
