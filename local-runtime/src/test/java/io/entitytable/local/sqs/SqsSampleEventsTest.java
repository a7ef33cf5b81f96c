package io.entitytable.local.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.pump.SqsEventJson;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/** The sample SQS events and the queue pump's events have one shape, and the Lambda runtime reads both. */
class SqsSampleEventsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PojoSerializer<SQSEvent> LAMBDA =
            LambdaEventSerializers.serializerFor(SQSEvent.class, SqsSampleEventsTest.class.getClassLoader());

    @Test
    void samplesHaveThePumpsShapeAndComeFromTheRefreshQueue() throws Exception {
        JsonNode pumped = JSON.readTree(SqsEventJson.of(List.of(message()), "arn:x", "us-east-1"))
                .get("Records")
                .get(0);
        List<Path> samples = samples();
        assertThat(samples).hasSizeGreaterThanOrEqualTo(2);
        for (Path sample : samples) {
            JsonNode records = JSON.readTree(sample.toFile()).get("Records");
            assertThat(records.size()).as(sample.toString()).isPositive();
            for (JsonNode record : records) {
                assertThat(fieldNames(record)).as(sample.toString()).isEqualTo(fieldNames(pumped));
                assertThat(fieldNames(record.get("attributes")))
                        .as(sample.toString())
                        .isEqualTo(fieldNames(pumped.get("attributes")));
                assertThat(record.get("eventSourceARN").asText()).endsWith(":" + RefreshQueueNames.QUEUE);
                assertThat(record.get("md5OfBody").asText())
                        .isEqualTo(md5(record.get("body").asText()));
                assertThat(JSON.readTree(record.get("body").asText())
                                .get("subject")
                                .asText())
                        .startsWith("store#");
            }
        }
    }

    @Test
    void theLambdaRuntimeReadsThePumpsEventsAndTheSamples() throws Exception {
        SQSEvent pumped = LAMBDA.fromJson(SqsEventJson.of(List.of(message()), "arn:x", "us-east-1"));
        SQSEvent.SQSMessage record = pumped.getRecords().get(0);
        assertThat(record.getMessageId()).isEqualTo("m-1");
        assertThat(record.getBody()).isEqualTo("{\"a\":1}");
        assertThat(record.getEventSourceArn()).isEqualTo("arn:x");
        assertThat(record.getAttributes()).containsEntry("ApproximateReceiveCount", "2");
        assertThat(record.getMessageAttributes().get("kind").getStringValue()).isEqualTo("segment");
        for (Path sample : samples()) {
            SQSEvent event = LAMBDA.fromJson(Files.readString(sample));
            assertThat(event.getRecords())
                    .allSatisfy(m -> assertThat(m.getBody()).isNotBlank());
        }
    }

    private static Message message() {
        return Message.builder()
                .messageId("m-1")
                .receiptHandle("r-1")
                .body("{\"a\":1}")
                .md5OfBody(md5("{\"a\":1}"))
                .attributes(Map.of(
                        MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT, "2",
                        MessageSystemAttributeName.SENT_TIMESTAMP, "1",
                        MessageSystemAttributeName.SENDER_ID, "s",
                        MessageSystemAttributeName.APPROXIMATE_FIRST_RECEIVE_TIMESTAMP, "2"))
                .messageAttributes(Map.of(
                        "kind",
                        MessageAttributeValue.builder()
                                .dataType("String")
                                .stringValue("segment")
                                .build()))
                .build();
    }

    private static List<Path> samples() throws IOException {
        try (Stream<Path> files =
                Files.list(RepositoryRoot.find().resolve("events").resolve("sqs"))) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String md5(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return String.format("%032x", new BigInteger(1, digest));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
