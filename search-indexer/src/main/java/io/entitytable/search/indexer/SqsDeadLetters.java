package io.entitytable.search.indexer;

import io.entitytable.queue.SqsBatches;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;

/** The dead-letter queue on Amazon SQS ({@link SqsBatches}). */
record SqsDeadLetters(SqsBatches queue) implements DeadLetters {

    SqsDeadLetters(SqsClient sqs, String queueUrl) {
        this(new SqsBatches(sqs, queueUrl, "dead-letter queue"));
    }

    @Override
    public void sendAll(List<DeadLetter> letters) {
        queue.sendAll(letters.stream().map(DeadLetter::toJson).toList());
    }
}
