package io.entitytable.local.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.queue.SqsBatches;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * A message sent with a delay ({@link SqsBatches#sendAll(List, Duration)}, as an erase's round that deleted nothing
 * sends the next) is held back by the local queue until the delay has passed, as SQS holds it: the local runtime's
 * erase pauses as the deployed one does.
 */
class SqsDelayTest {
    @Test
    void sendAll_shouldHoldTheMessagesBack_forTheDelay() {
        try (LocalSqs sqs = LocalSqs.start(0, RefreshQueueTrigger.DEFAULT)) {
            // GIVEN a queue of its own
            String queueUrl =
                    sqs.client().createQueue(b -> b.queueName("delay-test")).queueUrl();
            SqsBatches queue = new SqsBatches(sqs.client(), queueUrl, "delay test queue");

            // WHEN two messages are sent with a delay of 2 s
            long sent = System.nanoTime();
            queue.sendAll(List.of("first", "second"), Duration.ofSeconds(2));

            // THEN the queue counts them as delayed, a receive at once finds none, and a receive that waits gets both
            // no sooner than 2 s after the send
            assertThat(sqs.client()
                            .getQueueAttributes(b -> b.queueUrl(queueUrl)
                                    .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_DELAYED))
                            .attributes())
                    .containsEntry(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_DELAYED, "2");
            assertThat(sqs.client()
                            .receiveMessage(b -> b.queueUrl(queueUrl).maxNumberOfMessages(10))
                            .messages())
                    .isEmpty();
            List<String> received = new ArrayList<>();
            while (received.size() < 2
                    && System.nanoTime() - sent < Duration.ofSeconds(10).toNanos()) {
                sqs
                        .client()
                        .receiveMessage(b ->
                                b.queueUrl(queueUrl).maxNumberOfMessages(10).waitTimeSeconds(1))
                        .messages()
                        .stream()
                        .map(Message::body)
                        .forEach(received::add);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - sent)).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
            assertThat(received).containsExactlyInAnyOrder("first", "second");
        }
    }
}
