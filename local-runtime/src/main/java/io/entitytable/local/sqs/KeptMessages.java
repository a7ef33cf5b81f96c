package io.entitytable.local.sqs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;
import org.apache.pekko.pattern.Patterns;
import org.elasticmq.StrictSQSLimits$;
import org.elasticmq.actor.QueueManagerActor;
import org.elasticmq.actor.queue.InternalMessage;
import org.elasticmq.actor.queue.QueueEvent;
import org.elasticmq.persistence.sql.GetAllMessages;
import org.elasticmq.persistence.sql.SqlQueuePersistenceActor;
import org.elasticmq.persistence.sql.SqlQueuePersistenceConfig;
import org.elasticmq.util.NowProvider;
import scala.concurrent.Await;
import scala.jdk.javaapi.CollectionConverters;
import scalikejdbc.ConnectionPool;
import scalikejdbc.ConnectionPoolSettings;

/**
 * ElasticMQ's own message storage ({@code elasticmq-persistence-sql}) in an H2 database in a folder: every queue with
 * its attributes and every message with its receive count and visibility, written before ElasticMQ answers the request
 * that changed it, as ElasticMQ's standalone server keeps them with {@code messages-storage} enabled. The embeddable
 * server builder has no storage option, so this wires the same actors it does: a queue manager that reports every
 * change to the storage actor, which restores the queues and their messages when asked.
 *
 * <p>H2 commits each change to its file at once ({@code WRITE_DELAY=0}): with its default delay (500 ms), messages
 * acknowledged in the last moment before a kill -9 were gone after the restart; with none, every acknowledged one came
 * back.
 *
 * @param actors the actor system both actors run in, which ElasticMQ's server joins
 * @param storage the storage actor, which writes every change to the database and restores it
 * @param queueManager the queue manager, which reports every change to {@code storage}
 */
record KeptMessages(ActorSystem actors, ActorRef storage, ActorRef queueManager) implements AutoCloseable {
    /** ElasticMQ opens its connection pool once per JVM and then uses scalikejdbc's default pool, one database. */
    private static final AtomicBoolean OPEN_IN_THIS_JVM = new AtomicBoolean();

    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(30);

    /** Opens (or creates) the database in {@code folder}; one at a time per JVM. */
    static KeptMessages open(Path folder) {
        if (!OPEN_IN_THIS_JVM.compareAndSet(false, true)) {
            throw new IllegalStateException("another local SQS of this JVM keeps its messages in a folder already;"
                    + " ElasticMQ's message storage allows one database per JVM");
        }
        try {
            String url = "jdbc:h2:file:" + folder.toAbsolutePath().resolve("messages") + ";WRITE_DELAY=0";
            // ElasticMQ's DB sets scalikejdbc's default pool the first time only: set it here, so that a later system
            // in the same JVM (tests) keeps its messages in its own folder, not in the first one's.
            ConnectionPoolSettings settings = ConnectionPool.singleton$default$4();
            ConnectionPool.singleton(url, "", "", settings, ConnectionPool.singleton$default$5(url, "", "", settings));
            SqlQueuePersistenceConfig config =
                    SqlQueuePersistenceConfig.apply(true, org.h2.Driver.class.getName(), url, "", "", false);
            ActorSystem actors = ActorSystem.create("elasticmq");
            ActorRef storage = actors.actorOf(Props.create(
                    SqlQueuePersistenceActor.class,
                    config,
                    CollectionConverters.asScala(List.<Object>of()).toList()));
            ActorRef queueManager = actors.actorOf(Props.create(
                    QueueManagerActor.class, new NowProvider(), StrictSQSLimits$.MODULE$, scala.Option.apply(storage)));
            return new KeptMessages(actors, storage, queueManager);
        } catch (RuntimeException e) {
            OPEN_IN_THIS_JVM.set(false);
            ConnectionPool.closeAll();
            throw e;
        }
    }

    /** Creates the stored queues in the queue manager and puts their stored messages back. */
    void restore() {
        Object result = ask(storage, new QueueEvent.Restore(queueManager));
        if (result instanceof scala.util.Either<?, ?> either && either.isLeft()) {
            throw new IllegalStateException("ElasticMQ could not restore its stored queues: " + either);
        }
    }

    /** The messages stored for a queue of this database. */
    List<InternalMessage> messagesOf(String queueName) {
        Object result = ask(storage, new GetAllMessages(queueName));
        @SuppressWarnings("unchecked")
        scala.collection.immutable.List<InternalMessage> messages =
                (scala.collection.immutable.List<InternalMessage>) result;
        return CollectionConverters.asJava(messages);
    }

    private static Object ask(ActorRef actor, Object message) {
        try {
            return Patterns.ask(actor, message, ASK_TIMEOUT)
                    .toCompletableFuture()
                    .get(ASK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking ElasticMQ's message storage", e);
        } catch (ExecutionException | CompletionException | TimeoutException e) {
            throw new IllegalStateException("ElasticMQ's message storage did not answer " + message, e);
        }
    }

    /** Stops the actors, then closes the database (every change is on disk already). */
    @Override
    public void close() {
        try {
            Await.result(actors.terminate(), scala.concurrent.duration.Duration.create(30, TimeUnit.SECONDS));
        } catch (Exception e) {
            // Terminating only frees threads: the messages are stored already.
        } finally {
            ConnectionPool.closeAll();
            OPEN_IN_THIS_JVM.set(false);
        }
    }
}
