package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.elasticmq.NodeAddress;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * {@code repair --refresh-queue URL --sqs-endpoint URL} end to end: the command line, the SQS client and {@link
 * SqsRefreshQueue} against ElasticMQ in this JVM (the local runtime's SQS), the local DynamoDB engine for the table.
 */
class RepairRefreshQueueTest {
    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;
    private static SQSRestServer sqsServer;
    private static URI sqsEndpoint;
    private static SqsClient sqs;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
        int port = LocalDynamoDb.freePort();
        sqsServer = SQSRestServerBuilder.withPort(port)
                .withInterface("localhost")
                .withServerAddress(new NodeAddress("http", "localhost", port, ""))
                .withAWSRegion(LocalDynamoDb.REGION.id())
                .start();
        sqsServer.waitUntilStarted();
        sqsEndpoint = URI.create("http://localhost:" + port);
        sqs = SqsClient.builder()
                .endpointOverride(sqsEndpoint)
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    @AfterAll
    static void stop() {
        sqs.close();
        sqsServer.stopAndWait();
        dynamo.close();
        local.close();
    }

    @Test
    void repair_shouldPutARestartMessageOnTheQueueForEachStoppedJob() throws Exception {
        // GIVEN 12 stopped jobs (two batches) and a running one with recent progress
        String table = "restart";
        local.createTable(table);
        Set<String> stopped = new HashSet<>();
        for (int i = 0; i < 12; i++) {
            stopped.add(putRunningJob(table, Instant.now().minus(Duration.ofHours(1))));
        }
        putRunningJob(table, Instant.now());
        String queueUrl = sqs.createQueue(b -> b.queueName("refresh")).queueUrl();

        // WHEN
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exitCode = Main.run(
                    List.of(
                            "repair",
                            "--endpoint",
                            local.endpoint().toString(),
                            "--table",
                            table,
                            "--refresh-queue",
                            queueUrl,
                            "--sqs-endpoint",
                            sqsEndpoint.toString()),
                    outStream,
                    errStream,
                    false);
        }

        // THEN
        assertThat(exitCode).as(err.toString(StandardCharsets.UTF_8)).isZero();
        JsonNode jobs = new ObjectMapper()
                .readTree(out.toString(StandardCharsets.UTF_8))
                .get("jobs");
        assertThat(jobs.get("restarted").asLong()).isEqualTo(12);
        assertThat(jobs.get("running").asLong()).isEqualTo(13);
        List<RefreshMessage> received = receiveAll(queueUrl);
        assertThat(received)
                .allSatisfy(message -> assertThat(message.isRestart()).isTrue());
        assertThat(received).extracting(RefreshMessage::subject).containsExactlyInAnyOrderElementsOf(stopped);
    }

    private static List<RefreshMessage> receiveAll(String queueUrl) {
        List<RefreshMessage> received = new ArrayList<>();
        while (true) {
            List<Message> page = sqs.receiveMessage(
                            b -> b.queueUrl(queueUrl).maxNumberOfMessages(10).waitTimeSeconds(1))
                    .messages();
            if (page.isEmpty()) {
                return received;
            }
            page.forEach(message -> received.add(RefreshMessage.fromJson(message.body())));
        }
    }

    private static String putRunningJob(String table, Instant updated) {
        String storeId = Ids.newId();
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(RefreshJob.keyOf(storeId).toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.JOB.value()));
        item.put(Attributes.JOB_SUBJECT, Values.s(Keys.subjectRef(Entity.STORE, storeId)));
        item.put(Attributes.BUSINESS_ID, Values.s(Ids.newId()));
        item.put(Attributes.JOB_STATUS, Values.s(RefreshJob.Status.RUNNING.value()));
        item.put(Attributes.JOB_PASS, Values.n(1));
        item.put(Attributes.JOB_PASS_VERSION, Values.n(1));
        item.put(Attributes.JOB_REQUESTED_VERSION, Values.n(1));
        item.put(Attributes.JOB_SEGMENTS, Values.n(1));
        item.put(Attributes.JOB_COPIES_DONE, Values.n(0));
        item.put(Attributes.JOB_COPIES_TOTAL, Values.n(2000));
        item.put(Attributes.UPDATED_AT, Values.instant(updated));
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
        return Keys.subjectRef(Entity.STORE, storeId);
    }
}
