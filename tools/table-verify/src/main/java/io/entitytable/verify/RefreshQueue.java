package io.entitytable.verify;

import io.entitytable.queue.RefreshMessage;
import java.util.List;
import java.util.Set;

/** Where {@code repair} sends restart messages: the refresh queue the worker reads. */
interface RefreshQueue {
    /** SQS takes at most this many messages per SendMessageBatch. */
    int MAX_BATCH = 10;

    /**
     * Sends up to {@link #MAX_BATCH} messages in one request.
     *
     * @return the subjects of the messages the queue refused (empty when all were accepted)
     */
    Set<String> sendBatch(List<RefreshMessage> batch);
}
