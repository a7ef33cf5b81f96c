package io.entitytable.local.sqs;

import java.util.ArrayList;
import java.util.List;
import org.elasticmq.actor.queue.InternalMessage;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * A queue that held messages when the local SQS started on its folder: what the previous process had queued and not
 * finished, by a stop or a kill.
 *
 * @param name the queue's name
 * @param bodies the messages' bodies
 * @param released how many of them that process had received (a consumer was working on them) and are visible again
 */
public record RecoveredQueue(String name, List<String> bodies, int released) {
    public RecoveredQueue {
        bodies = List.copyOf(bodies);
    }

    /**
     * Every queue's stored messages; those received and not deleted are made visible at once (ChangeMessageVisibility
     * to 0 with their last receipt handle, as a consumer that gives a message back does), since whoever received them
     * ended with the previous process.
     */
    static List<RecoveredQueue> releaseAll(KeptMessages kept, SqsClient client) {
        long now = System.currentTimeMillis();
        List<RecoveredQueue> recovered = new ArrayList<>();
        for (String queueUrl : client.listQueues().queueUrls()) {
            String name = queueUrl.substring(queueUrl.lastIndexOf('/') + 1);
            List<InternalMessage> messages = kept.messagesOf(name);
            if (messages.isEmpty()) {
                continue;
            }
            List<String> bodies = new ArrayList<>();
            int released = 0;
            for (InternalMessage message : messages) {
                bodies.add(message.content());
                if (message.nextDelivery() > now && message.deliveryReceipts().nonEmpty()) {
                    String receipt = message.deliveryReceipts().last();
                    client.changeMessageVisibility(
                            b -> b.queueUrl(queueUrl).receiptHandle(receipt).visibilityTimeout(0));
                    released++;
                }
            }
            recovered.add(new RecoveredQueue(name, bodies, released));
        }
        return recovered;
    }
}
