package io.entitytable.search.indexer;

import static org.apache.hc.core5.http.HttpStatus.SC_CONFLICT;
import static org.apache.hc.core5.http.HttpStatus.SC_NOT_FOUND;
import static org.apache.hc.core5.http.HttpStatus.SC_TOO_MANY_REQUESTS;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.access.Backoff;
import io.entitytable.search.client.EngineErrors;
import io.entitytable.search.client.IndexAliases;
import io.entitytable.search.client.IndexBootstrap;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.stream.BatchAnswers;
import io.entitytable.stream.StreamBatch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Replicates one batch of stream records into the search index with one bulk request. Plain Java: the Lambda handler
 * is a one-line adapter over {@link #process}, and tests call it directly.
 *
 * <p><b>Versions.</b> Every document is written with {@code version_type=external} and {@link
 * SearchDocument#indexVersion()} (twice the item's version, plus one for a tombstone), so the engine keeps the highest
 * version it has seen: a redelivered, retried or reordered older record is refused with a version conflict, which
 * here means "already newer" and counts as success. A REMOVE writes a tombstone instead of deleting, so the delete is
 * itself a versioned document that an older record can never overwrite, however long after (a real delete's version
 * is forgotten after {@code index.gc_deletes}, 60 s); a rename's REMOVE of the old key stays below its INSERT of the
 * new one. Within a batch only the highest version of each item is sent.
 *
 * <p><b>Rebuilds.</b> Every bulk goes through the live alias and, while a rebuild runs (its next alias exists, see
 * {@link NextAliasWatch}), through the next alias too, in the same request: the new index receives every change the
 * rebuild's Scan may have missed. The versions make the order of the Scan's copy and these writes irrelevant. Writes
 * ask for {@code require_alias}, so a missing alias never gets an empty index of its name created by a write; a
 * missing alias (the next one swapped away mid-request, the live one gone) is retried like a 5xx.
 *
 * <p><b>Failures, per document.</b> A document the index refuses for its content (a 4xx other than 409 and 429: a
 * mapping or parse error) and a record whose image cannot be read go to the dead-letter queue with the reason, and
 * count as done: one bad item never blocks the shard. Letters and logs name the item (id, entity, version) and the
 * engine's error without the values it quotes, never the document: it holds names, emails and addresses. Throttling
 * (429), 5xx and an unreachable engine are retried here with back-off ({@link IndexerConfig#retries()}: bulk
 * attempts, only the failed documents again); what still fails is reported from its first record in stream order, and
 * Lambda re-delivers from there (the versions make the repeat harmless).
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html">Partial batch
 *     responses for DynamoDB streams</a>
 */
public final class SearchIndexer implements StreamBatch {
    private static final Logger LOG = Logger.getLogger(SearchIndexer.class);

    private final OpenSearchClient client;
    private final IndexerConfig config;
    private final CollectionReads collectionReads;
    private final DeadLetters deadLetters;
    private final NextAliasWatch nextAlias;
    private final Backoff backoff;
    private final IndexerMetrics metrics;
    private final IndexerLogLine logLine = new IndexerLogLine();

    SearchIndexer(
            OpenSearchClient client, IndexerConfig config, CollectionItems collectionItems, DeadLetters deadLetters) {
        this(client, config, collectionItems, deadLetters, MetricsRecorder.ofThisProcess());
    }

    SearchIndexer(
            OpenSearchClient client,
            IndexerConfig config,
            CollectionItems collectionItems,
            DeadLetters deadLetters,
            MetricsRecorder metrics) {
        this.client = client;
        this.config = config;
        this.backoff = config.retries().backoff(() -> {});
        this.collectionReads = new CollectionReads(collectionItems, config.collectionReads());
        this.deadLetters = deadLetters;
        this.nextAlias = new NextAliasWatch(
                new IndexAliases(client, config.names()), config.nextAliasRecheck(), System::nanoTime);
        this.metrics = new IndexerMetrics(metrics, Clock.systemUTC());
    }

    /** An indexer on the engine of {@code config}, after creating its index and alias when the alias is missing. */
    public static SearchIndexer create(IndexerConfig config, CollectionItems collectionItems, DeadLetters deadLetters) {
        return create(config, collectionItems, deadLetters, MetricsRecorder.ofThisProcess());
    }

    /** An indexer that records its metrics in {@code metrics} (in a function: {@link MetricsRecorder#ofThisProcess}). */
    public static SearchIndexer create(
            IndexerConfig config, CollectionItems collectionItems, DeadLetters deadLetters, MetricsRecorder metrics) {
        OpenSearchClient client = SearchClients.create(config.endpoint(), config.signing());
        new IndexBootstrap(client, config.names(), config.signing()).ensureIndexAndAlias();
        return new SearchIndexer(client, config, collectionItems, deadLetters, metrics);
    }

    @Override
    public StreamsEventResponse process(List<Record> records) {
        long started = System.nanoTime();
        StreamsEventResponse response = index(records);
        metrics.afterBatch();
        try {
            LogLine.info(
                    LOG,
                    "indexed",
                    logLine.fields(records.size(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)));
        } catch (RuntimeException e) {
            LOG.warnf("batch not logged: %s", e.toString());
        }
        return response;
    }

    private StreamsEventResponse index(List<Record> records) {
        // The batch's item collections (an order's lines) are read first, several at a time (CollectionReads says
        // why); the documents are then built one record after another in stream order, a failed read failing each
        // record that needs it just as the read itself did before.
        RecordDocuments documents = new RecordDocuments(collectionReads.readAll(collectionSubjects(records)));
        Map<String, Pending> latest = new LinkedHashMap<>();
        List<Refusal> refusals = new ArrayList<>();
        int firstFailed = Integer.MAX_VALUE;
        for (int position = 0; position < records.size(); position++) {
            Record record = records.get(position);
            try {
                Optional<SearchDocument> document = documents.of(record);
                if (document.isPresent()) {
                    Pending pending = new Pending(position, record, document.get());
                    latest.merge(document.get().id(), pending, Pending::newest);
                }
            } catch (RecordDocuments.CollectionUnavailableException e) {
                LOG.warnf(e, "record %s: %s", sequenceNumber(record), e.getMessage());
                firstFailed = Math.min(firstFailed, position);
            } catch (RuntimeException e) {
                // The kind of fault only: its message may quote the image (a sort key holds a customer's name).
                refusals.add(new Refusal(
                        position,
                        letter(record, "unreadable record: " + e.getClass().getName())));
            }
        }

        List<Pending> unwritten = write(new ArrayList<>(latest.values()), refusals);
        for (Pending pending : unwritten) {
            firstFailed = Math.min(firstFailed, pending.firstPosition());
        }
        firstFailed = Math.min(firstFailed, sendToDeadLetters(refusals));

        if (firstFailed == Integer.MAX_VALUE) {
            return BatchAnswers.allDone();
        }
        LOG.errorf("indexing failed from record %s; reporting it", sequenceNumber(records.get(firstFailed)));
        return BatchAnswers.againFrom(records, firstFailed);
    }

    /** The subjects whose item collections the records' documents read, in stream order, each once. */
    private static Set<String> collectionSubjects(List<Record> records) {
        Set<String> subjects = new LinkedHashSet<>();
        for (Record record : records) {
            try {
                RecordDocuments.collectionSubject(record).ifPresent(subjects::add);
            } catch (RuntimeException e) {
                // An unreadable image: building its document fails the same way and dead-letters it.
            }
        }
        return subjects;
    }

    /** Writes the metrics the current minute holds (when the function shuts down). */
    public void flushMetrics() {
        metrics.flush();
    }

    /** Bulk attempts until every document is written, refused or out of attempts; returns the last ones. */
    private List<Pending> write(List<Pending> pending, List<Refusal> refusals) {
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            pending = bulk(pending, refusals);
            if (pending.isEmpty() || attempt >= config.retries().maxAttempts()) {
                break;
            }
            backoff.pauseBefore(attempt);
            metrics.bulkRetried();
        }
        return pending;
    }

    /** One bulk request; returns the documents worth another attempt. */
    private List<Pending> bulk(List<Pending> pending, List<Refusal> refusals) {
        BulkResponse response;
        boolean dual;
        try {
            dual = nextAlias.nextAliasPresent();
            List<BulkOperation> operations = new ArrayList<>();
            for (Pending each : pending) {
                operations.add(operation(each, config.alias()));
                if (dual) {
                    operations.add(operation(each, config.names().nextAlias()));
                }
            }
            response = client.bulk(b -> b.requireAlias(true).operations(operations));
        } catch (Exception e) {
            // Unreachable, throttled or failing as a whole: every document is tried again.
            LOG.warnf("bulk of %d documents failed: %s", pending.size(), EngineErrors.describe(e));
            return pending;
        }
        int perDocument = dual ? 2 : 1;
        List<Pending> retry = new ArrayList<>();
        List<BulkResponseItem> items = response.items();
        for (int i = 0; i < pending.size(); i++) {
            BulkResponseItem live = items.get(i * perDocument);
            BulkResponseItem next = dual ? items.get(i * perDocument + 1) : null;
            if (next != null && next.status() == SC_NOT_FOUND) {
                nextAlias.forget();
            }
            BulkResponseItem refused = refusal(live) ? live : next != null && refusal(next) ? next : null;
            if (refused != null) {
                Pending document = pending.get(i);
                String reason = refused.status() + " " + EngineErrors.describe(refused.error());
                refusals.add(new Refusal(document.firstPosition(), letter(document.record(), reason)));
                metrics.refused(document.document());
                logLine.outcome(document.document(), document.record(), "refused");
            } else if (worthRetry(live) || (next != null && worthRetry(next))) {
                retry.add(pending.get(i));
            } else if (live.status() == SC_CONFLICT) {
                metrics.stale(pending.get(i).document());
                logLine.outcome(pending.get(i).document(), pending.get(i).record(), "stale");
            } else {
                metrics.taken(pending.get(i).document());
                logLine.outcome(pending.get(i).document(), pending.get(i).record(), "indexed");
            }
        }
        return retry;
    }

    /** Throttled, failing, or a missing alias (swapped away mid-request, or gone): the next attempt may succeed. */
    private static boolean worthRetry(BulkResponseItem item) {
        int status = item.status();
        return status == SC_TOO_MANY_REQUESTS || status >= 500 || status == SC_NOT_FOUND;
    }

    /** Refused for its content (a mapping or parse error): trying again changes nothing. */
    private static boolean refusal(BulkResponseItem item) {
        int status = item.status();
        return status >= 300 && status != SC_CONFLICT && !worthRetry(item);
    }

    private static BulkOperation operation(Pending pending, String target) {
        SearchDocument document = pending.document();
        return BulkOperation.of(op -> op.index(index -> index.index(target)
                .id(document.id())
                // One business's documents on one shard: its searches ask that shard only.
                .routing(document.businessId())
                .version(document.indexVersion())
                .versionType(VersionType.External)
                .document(document.toMap())));
    }

    /** Sends the refused records; returns the first position to report when the queue cannot take them. */
    private int sendToDeadLetters(List<Refusal> refusals) {
        if (refusals.isEmpty()) {
            return Integer.MAX_VALUE;
        }
        refusals.forEach(refusal -> LOG.warnf(
                "record %s refused: %s",
                refusal.letter().sequenceNumber(), refusal.letter().reason()));
        try {
            deadLetters.sendAll(refusals.stream().map(Refusal::letter).toList());
            return Integer.MAX_VALUE;
        } catch (RuntimeException e) {
            LOG.errorf(e, "the dead-letter queue refused %d records", refusals.size());
            return refusals.stream().mapToInt(Refusal::position).min().orElseThrow();
        }
    }

    /** A letter that points at the record's item (id, entity, version) without any of its content. */
    private static DeadLetter letter(Record record, String reason) {
        var change = record.dynamodb();
        Map<String, AttributeValue> keys = change.hasKeys() ? change.keys() : Map.of();
        Map<String, AttributeValue> image =
                change.hasNewImage() ? change.newImage() : change.hasOldImage() ? change.oldImage() : Map.of();
        return new DeadLetter(
                sequenceNumber(record),
                record.eventNameAsString(),
                string(keys, Attributes.ID),
                entityOf(string(keys, Attributes.TYPE)),
                versionOf(image),
                reason);
    }

    private static String string(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    /** The entity a sort key names before its separator, when it is one; nothing of the key after it. */
    private static String entityOf(String type) {
        if (type == null) {
            return null;
        }
        int separator = type.indexOf(Keys.SEPARATOR);
        String name = separator < 0 ? type : type.substring(0, separator);
        return Entity.fromKeyName(name).map(Entity::keyName).orElse(null);
    }

    private static Long versionOf(Map<String, AttributeValue> image) {
        AttributeValue value = image.get(Attributes.VERSION);
        if (value == null || value.n() == null) {
            return null;
        }
        try {
            return Long.parseLong(value.n());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String sequenceNumber(Record record) {
        return record.dynamodb().sequenceNumber();
    }

    /** The document of an item to write, and the first record of the batch that asked for that item. */
    private record Pending(int firstPosition, Record record, SearchDocument document) {
        /** The higher version of the two (the later on a tie), remembering the earlier first position. */
        static Pending newest(Pending earlier, Pending later) {
            Pending kept = later.document().indexVersion() >= earlier.document().indexVersion() ? later : earlier;
            return new Pending(
                    Math.min(earlier.firstPosition(), later.firstPosition()), kept.record(), kept.document());
        }
    }

    private record Refusal(int position, DeadLetter letter) {}
}
