package io.entitytable.local.pump;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * The event Lambda's SQS event source mapping sends: {@code Records} of received messages, with the system attributes
 * Lambda passes on and its own source fields.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html">Using Lambda with Amazon SQS</a>
 */
public final class SqsEventJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The system attributes a standard queue's records carry in an SQS event. */
    private static final List<MessageSystemAttributeName> ATTRIBUTES = List.of(
            MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT,
            MessageSystemAttributeName.SENT_TIMESTAMP,
            MessageSystemAttributeName.SENDER_ID,
            MessageSystemAttributeName.APPROXIMATE_FIRST_RECEIVE_TIMESTAMP);

    private SqsEventJson() {}

    public static String of(List<Message> messages, String queueArn, String region) {
        ObjectNode event = JSON.createObjectNode();
        ArrayNode records = event.putArray("Records");
        for (Message message : messages) {
            ObjectNode record = records.addObject();
            record.put("messageId", message.messageId());
            record.put("receiptHandle", message.receiptHandle());
            record.put("body", message.body());
            ObjectNode attributes = record.putObject("attributes");
            for (MessageSystemAttributeName name : ATTRIBUTES) {
                String value = message.attributes().get(name);
                if (value != null) {
                    attributes.put(name.toString(), value);
                }
            }
            ObjectNode messageAttributes = record.putObject("messageAttributes");
            for (Map.Entry<String, MessageAttributeValue> entry :
                    message.messageAttributes().entrySet()) {
                messageAttributes.set(entry.getKey(), attribute(entry.getValue()));
            }
            record.put("md5OfBody", message.md5OfBody());
            record.put("eventSource", "aws:sqs");
            record.put("eventSourceARN", queueArn);
            record.put("awsRegion", region);
        }
        try {
            return JSON.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Lambda's shape of a message attribute: both value kinds and both list kinds, empty when unused. */
    private static ObjectNode attribute(MessageAttributeValue value) {
        ObjectNode node = JSON.createObjectNode();
        node.put("stringValue", value.stringValue());
        node.put(
                "binaryValue",
                value.binaryValue() == null ? null : value.binaryValue().asByteArray());
        ArrayNode strings = node.putArray("stringListValues");
        value.stringListValues().forEach(strings::add);
        ArrayNode binaries = node.putArray("binaryListValues");
        value.binaryListValues().forEach(b -> binaries.add(b.asByteArray()));
        node.put("dataType", value.dataType());
        return node;
    }
}
