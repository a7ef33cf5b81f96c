package io.entitytable.search.indexer;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads the item collections of one batch before its documents are built: up to {@link
 * IndexerConfig#collectionReads()} at a time, each subject once.
 *
 * <p>Why: an order's document needs its lines, one strongly consistent Query of a few milliseconds. Read one record
 * after another, a batch of 100 orders spends about 0.4 s in them, and a shard keeps up with about 250 records a second,
 * below the reference workload's 314 (docs/design.md §5). The reads are independent of each other (each its own
 * partition; an order's lines never change after the transaction that wrote them), so the order they run in does not
 * matter; everything the batch does with their results stays in stream order. Two records of one order in a batch
 * share its read for the same reason.
 *
 * <p>A read that fails is kept as its exception and thrown again to every record that asks for that subject, so the
 * batch reports the same records as when it read them one after another. The pool's threads are daemons that end
 * after a minute idle: nothing has to close an indexer.
 */
final class CollectionReads {
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final CollectionItems source;
    private final Executor executor;

    /** Reads from {@code source}, {@code concurrent} at a time; 1: one after another on the calling thread. */
    CollectionReads(CollectionItems source, int concurrent) {
        if (concurrent < 1) {
            throw new IllegalArgumentException("concurrent must be at least 1, was " + concurrent);
        }
        this.source = source;
        this.executor = concurrent == 1 ? Runnable::run : pool(concurrent);
    }

    /**
     * Reads the collections of {@code subjectIds} and returns them as {@link CollectionItems}: a subject read here
     * answers from its read (its items, or its failure again); any other subject is read when asked for.
     */
    CollectionItems readAll(Collection<String> subjectIds) {
        Map<String, CompletableFuture<List<Map<String, AttributeValue>>>> reads = new LinkedHashMap<>();
        for (String subjectId : subjectIds) {
            reads.computeIfAbsent(subjectId, id -> CompletableFuture.supplyAsync(() -> source.of(id), executor));
        }
        Map<String, Read> done = new LinkedHashMap<>();
        reads.forEach((subjectId, read) -> done.put(subjectId, Read.of(read)));
        return subjectId -> {
            Read read = done.get(subjectId);
            return read == null ? source.of(subjectId) : read.items();
        };
    }

    private static Executor pool(int threads) {
        int number = POOLS.incrementAndGet();
        AtomicInteger thread = new AtomicInteger();
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
                    Thread worker = new Thread(task, "collection-reads-" + number + "-" + thread.incrementAndGet());
                    worker.setDaemon(true);
                    return worker;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** One subject's read once it is over: its items, or what it failed with. */
    private record Read(List<Map<String, AttributeValue>> found, RuntimeException failure) {
        static Read of(CompletableFuture<List<Map<String, AttributeValue>>> read) {
            try {
                return new Read(read.join(), null);
            } catch (CompletionException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                if (cause instanceof RuntimeException runtime) {
                    return new Read(null, runtime);
                }
                // An Error ends the invocation, as it did when the read ran on the invoking thread.
                if (cause instanceof Error error) {
                    throw error;
                }
                return new Read(null, e);
            }
        }

        List<Map<String, AttributeValue>> items() {
            if (failure != null) {
                throw failure;
            }
            return found;
        }
    }
}
