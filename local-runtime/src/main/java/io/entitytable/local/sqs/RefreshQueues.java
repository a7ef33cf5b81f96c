package io.entitytable.local.sqs;

/** The refresh queue and its dead-letter queue, by URL (for clients) and ARN (for events and redrive). */
public record RefreshQueues(String queueUrl, String queueArn, String deadLetterQueueUrl, String deadLetterQueueArn) {}
