package io.entitytable.local.pump;

/** Where discarded records go: the mapping's on-failure destination (an SQS queue on AWS, a folder locally). */
@FunctionalInterface
public interface FailureDestination {
    void send(DiscardedBatch batch);
}
