package io.entitytable.local.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.queue.RefreshMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which jobs the refresh worker has been working on, for the console's job list: wraps the invoker the queue pump
 * delivers through and reads the subject of every message it hands the worker (a store's refresh job, a business's
 * erase). The jobs' progress is then read from their job items, one GetItem each, so the list needs no Scan and costs
 * the worker nothing.
 */
public final class JobWatch implements FunctionInvoker {
    /** The most recent jobs remembered. */
    static final int KEPT = 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FunctionInvoker worker;
    private final Map<String, Instant> lastSeen = new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Instant> eldest) {
            return size() > KEPT;
        }
    };

    public JobWatch(FunctionInvoker worker) {
        this.worker = worker;
    }

    @Override
    public InvocationResult invoke(String event) {
        Instant now = Instant.now();
        subjects(event).forEach(subject -> {
            synchronized (lastSeen) {
                lastSeen.put(subject, now);
            }
        });
        return worker.invoke(event);
    }

    /** A job the worker was handed, with when it last was. */
    public record SeenJob(String subject, ItemKey jobItem, Instant lastSeen) {}

    /** The jobs seen, the most recent first. */
    public List<SeenJob> seen() {
        List<SeenJob> jobs = new ArrayList<>();
        synchronized (lastSeen) {
            lastSeen.forEach(
                    (subject, when) -> jobItem(subject).ifPresent(key -> jobs.add(0, new SeenJob(subject, key, when))));
        }
        return jobs;
    }

    /** A business's messages are its erase's; any other subject's are its refresh job's. */
    static Optional<ItemKey> jobItem(String subject) {
        return Keys.parseSubjectRef(subject)
                .map(ref -> ref.entity().isTenant() ? EraseJob.keyOf(ref.id()) : RefreshJob.keyOf(ref.id()));
    }

    /** The subject of every message of an SQS event; a body that is not a refresh message is the worker's concern. */
    static List<String> subjects(String event) {
        List<String> subjects = new ArrayList<>();
        try {
            for (JsonNode record : JSON.readTree(event).path("Records")) {
                try {
                    String subject = RefreshMessage.fromJson(record.path("body").asText())
                            .subject();
                    if (subject != null) {
                        subjects.add(subject);
                    }
                } catch (RuntimeException notAMessage) {
                    // The worker reports it; the list just does not show it.
                }
            }
        } catch (java.io.IOException notJson) {
            // Not an SQS event: nothing to remember.
        }
        return subjects;
    }
}
