package io.entitytable.local.pump;

import io.entitytable.deployment.StreamTrigger;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * What a {@link StreamPump} and each of its {@link ShardReader}s share: the stream client, the trigger with its
 * filter, where batches are delivered, the checkpoints, the pump's timing, its log, whether it is paused and the
 * records it found left from before its start.
 */
record PumpParts(
        DynamoDbStreamsClient streams,
        StreamTrigger trigger,
        StreamFilter filter,
        BatchDelivery delivery,
        Checkpoints checkpoints,
        PumpOptions options,
        Clock clock,
        Consumer<String> log,
        AtomicBoolean paused,
        Backlog backlog) {}
