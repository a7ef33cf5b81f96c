package io.entitytable.infra;

import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.iam.IPrincipal;
import software.amazon.awscdk.services.sqs.IQueue;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/** What every SQS queue of the stack shares: encryption, TLS only, and how a function is let send to one. */
final class Queues {
    /** Also authorizes SendMessageBatch. */
    static final String SEND_MESSAGE = "sqs:SendMessage";

    private Queues() {}

    /** A queue encrypted with SQS-managed keys that refuses requests without TLS; the caller adds the rest. */
    static Queue.Builder encrypted(Construct scope, String id, Duration retention) {
        return Queue.Builder.create(scope, id)
                .encryption(QueueEncryption.SQS_MANAGED)
                .enforceSsl(true)
                .retentionPeriod(retention);
    }

    /**
     * Lets {@code sender} send to {@code queue} and to nothing else: {@code sqs:SendMessage} only. Not {@code
     * grantSendMessages}, which adds GetQueueAttributes and GetQueueUrl: the functions get the URL from their
     * environment.
     */
    static void grantSend(IPrincipal sender, String sid, IQueue queue) {
        Permissions.allow(sender, sid, SEND_MESSAGE, queue.getQueueArn());
    }
}
