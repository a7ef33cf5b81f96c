package io.entitytable.fanout.refresh;

import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalUpdate;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The refresh job of a subject, a store with too many copies to refresh inside one stream record (see "Refresh jobs"
 * in {@code docs/design.md}). Its item ({@link RefreshJob}) is a small state machine moved only by conditional writes
 * on its {@code pass} number, so concurrent records, workers and duplicate messages agree on one outcome:
 *
 * <ul>
 *   <li>{@link #ask}: a change of the subject at version v needs a pass that starts after it. With no pass running,
 *       one starts (its segments are sent to the queue); with one running that started before v, the change is
 *       remembered in {@code requestedVersion}, and one more pass follows when it ends. However many changes come
 *       while a pass runs, they cost one more pass (coalescing).
 *   <li>{@link #progressed} and {@link #segmentDone}: a worker's progress; refused when the pass is no longer the
 *       current one, which tells the worker to drop its message.
 *   <li>the last segment done ends the pass: another pass when a later change asked for one, else done.
 *   <li>{@link #restart}: a new pass whatever the state, for a job that stopped.
 * </ul>
 *
 * @param table where the job item is
 * @param queue where its segments go
 * @param clock its times
 */
public record RefreshJobs(FanoutTable table, RefreshQueue queue, Clock clock) implements PassLedger {
    /**
     * The placeholder of every attribute of the job item; each request sends those its expressions use (DynamoDB
     * refuses the others).
     */
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("#kind", Attributes.KIND),
            Map.entry("#subject", Attributes.JOB_SUBJECT),
            Map.entry("#business", Attributes.BUSINESS_ID),
            Map.entry("#status", Attributes.JOB_STATUS),
            Map.entry("#pass", Attributes.JOB_PASS),
            Map.entry("#passVersion", Attributes.JOB_PASS_VERSION),
            Map.entry("#requested", Attributes.JOB_REQUESTED_VERSION),
            Map.entry("#segments", Attributes.JOB_SEGMENTS),
            Map.entry("#cuts", Attributes.JOB_CUTS),
            Map.entry("#done", Attributes.JOB_COPIES_DONE),
            Map.entry("#total", Attributes.JOB_COPIES_TOTAL),
            Map.entry("#started", Attributes.JOB_STARTED_AT),
            Map.entry("#segs", Attributes.JOB_DONE_SEGMENTS),
            Map.entry("#finished", Attributes.JOB_FINISHED_AT),
            Map.entry("#updated", Attributes.UPDATED_AT));

    /** Makes sure a pass over the copies of {@code subject} starts after its change to {@code version}. */
    public void ask(Keys.SubjectRef subject, String businessId, long version, long expectedCopies) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<RefreshJob> found = get(subject);
            try {
                if (found.isPresent() && found.get().status() == RefreshJob.Status.RUNNING) {
                    RefreshJob job = found.get();
                    if (job.passVersion() == version) {
                        // The change that started this pass, delivered again: its segments may never have been sent.
                        queue.sendAll(planOf(subject, job).messages(subject.toString(), job.pass()));
                    } else if (job.passVersion() < version && job.requestedVersion() < version) {
                        requestAnotherPass(subject, job, version);
                    }
                    return;
                }
                long target = Math.max(
                        version, found.map(RefreshJob::requestedVersion).orElse(0L));
                if (found.isPresent() && found.get().passVersion() >= target) {
                    return; // a pass that started after this change has already run
                }
                long copies = Math.max(
                        expectedCopies, found.map(RefreshJob::copiesTotal).orElse(0L));
                startPass(subject, businessId, found, false, target, copies);
                return;
            } catch (ConditionalCheckFailedException moved) {
                // Someone else moved the job between the read and the write: read it again.
            }
        }
        throw new IllegalStateException("the refresh job of " + subject + " kept changing; retry the record");
    }

    /** Starts a new pass of a job that exists, whatever its state (a stopped job). */
    @Override
    public void restart(Keys.SubjectRef subject) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<RefreshJob> found = get(subject);
            if (found.isEmpty()) {
                return;
            }
            RefreshJob job = found.get();
            try {
                startPass(
                        subject,
                        job.businessId(),
                        found,
                        null,
                        Math.max(job.passVersion(), job.requestedVersion()),
                        job.copiesTotal());
                return;
            } catch (ConditionalCheckFailedException moved) {
                // read it again
            }
        }
        throw new IllegalStateException("the refresh job of " + subject + " kept changing; retry the restart");
    }

    /** True while {@code pass} is the subject's running pass. */
    @Override
    public boolean isCurrent(Keys.SubjectRef subject, long pass) {
        return get(subject)
                .filter(job -> job.status() == RefreshJob.Status.RUNNING && job.pass() == pass)
                .isPresent();
    }

    /** Counts {@code copies} handled by {@code pass}; false when the pass is no longer the running one. */
    @Override
    public boolean progressed(Keys.SubjectRef subject, long pass, int copies) {
        try {
            update(
                    subject,
                    "ADD #done :n SET #updated = :now",
                    Map.of(":n", Values.n(copies)),
                    runningPass(pass),
                    false);
            return true;
        } catch (ConditionalCheckFailedException superseded) {
            return false;
        }
    }

    /** Marks one segment of {@code pass} done; the last one ends the pass. */
    @Override
    public void segmentDone(Keys.SubjectRef subject, long pass, int segment) {
        Map<String, AttributeValue> after;
        try {
            after = update(
                    subject,
                    "ADD #segs :seg SET #updated = :now",
                    Map.of(":seg", AttributeValue.fromSs(List.of(Integer.toString(segment)))),
                    runningPass(pass),
                    true);
        } catch (ConditionalCheckFailedException superseded) {
            stale(subject, pass);
            return;
        }
        RefreshJob job = RefreshJob.from(after);
        if (job.doneSegments() >= job.segments()) {
            endPass(subject, pass);
        }
    }

    /**
     * A message of {@code pass} came back after its pass ended. If the job runs the very next pass and no segment of it
     * is done yet, this message's own end of the pass may have started it and failed before its segments were sent (the
     * job's update took effect but the invocation died, so the message came back): send them again.
     */
    @Override
    public void stale(Keys.SubjectRef subject, long pass) {
        get(subject).filter(job -> job.pass() == pass + 1).ifPresent(job -> resendIfUnstarted(subject, job));
    }

    /**
     * Sends the segments of {@code job}'s running pass again when none of them is done yet, as a pass that may have
     * been started without them. A segment sent twice is harmless (its copies are skipped as current); one never sent
     * would leave the job running for good.
     */
    private void resendIfUnstarted(Keys.SubjectRef subject, RefreshJob job) {
        if (job.status() == RefreshJob.Status.RUNNING && job.doneSegments() == 0) {
            queue.sendAll(planOf(subject, job).messages(subject.toString(), job.pass()));
        }
    }

    private void endPass(Keys.SubjectRef subject, long pass) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<RefreshJob> found = get(subject);
            if (found.isEmpty()) {
                return;
            }
            RefreshJob job = found.get();
            if (job.pass() == pass + 1) {
                // Started by this end, whose update took effect and answered with an error: the back-off's retry of it
                // met its own write. Or by another worker ending the same pass. Either way, its segments may be unsent.
                resendIfUnstarted(subject, job);
                return;
            }
            if (job.pass() != pass
                    || job.status() != RefreshJob.Status.RUNNING
                    || job.doneSegments() < job.segments()) {
                return;
            }
            try {
                if (job.requestedVersion() > job.passVersion()) {
                    startPass(subject, job.businessId(), found, true, job.requestedVersion(), job.copiesTotal());
                } else {
                    update(
                            subject,
                            "SET #status = :done, #finished = :now, #updated = :now",
                            Map.of(":done", Values.s(RefreshJob.Status.DONE.value())),
                            unchangedSince(job),
                            false);
                }
                table.stats().add(FanoutStats.Count.PASSES_ENDED);
                return;
            } catch (ConditionalCheckFailedException moved) {
                // A change asked for another pass meanwhile: read it again.
            }
        }
        throw new IllegalStateException("the refresh job of " + subject + " kept changing; retry the segment");
    }

    private void requestAnotherPass(Keys.SubjectRef subject, RefreshJob job, long version) {
        update(subject, "SET #requested = :v", Map.of(":v", Values.n(version)), unchangedSince(job), false);
    }

    /**
     * Starts pass {@code previous.pass + 1} for {@code version} and sends its segments. {@code whileRunning}: true
     * when the previous pass must still be running (it is ending), false when it must not be (a change starts one),
     * null for either (a restart).
     */
    private void startPass(
            Keys.SubjectRef subject,
            String businessId,
            Optional<RefreshJob> previous,
            Boolean whileRunning,
            long version,
            long expectedCopies) {
        long pass = previous.map(RefreshJob::pass).orElse(0L) + 1;
        SegmentPlan plan = new SegmentPlanner(table).plan(subject, expectedCopies);
        Condition condition = previous.isPresent() && previous.get().pass() > 0
                ? samePass(previous.get().pass())
                : new Condition("attribute_not_exists(#pass)", Map.of());
        if (Boolean.TRUE.equals(whileRunning)) {
            condition = condition.and("#status = :running", Map.of());
        } else if (Boolean.FALSE.equals(whileRunning)) {
            condition = condition.and("(attribute_not_exists(#status) OR #status <> :running)", Map.of());
        }
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":kind", Values.s(ItemKind.JOB.value()));
        values.put(":subject", Values.s(subject.toString()));
        values.put(":business", Values.s(businessId));
        values.put(":pass", Values.n(pass));
        values.put(":version", Values.n(version));
        values.put(":segments", Values.n(plan.segments()));
        values.put(
                ":cuts",
                AttributeValue.fromL(plan.cuts().stream().map(Values::s).toList()));
        values.put(":zero", Values.n(0));
        values.put(":total", Values.n(expectedCopies));
        update(
                subject,
                "SET #kind = :kind, #subject = :subject, #business = :business, #status = :running, #pass = :pass,"
                        + " #passVersion = :version, #requested = :version, #segments = :segments, #cuts = :cuts,"
                        + " #done = :zero, #total = :total, #started = :now, #updated = :now"
                        + " REMOVE #segs, #finished",
                values,
                condition,
                false);
        queue.sendAll(plan.messages(subject.toString(), pass));
    }

    private static SegmentPlan planOf(Keys.SubjectRef subject, RefreshJob job) {
        return new SegmentPlan(SegmentPlan.ownerOfLinksTo(subject), job.cuts());
    }

    Optional<RefreshJob> get(Keys.SubjectRef subject) {
        return table.consistentGet(RefreshJob.keyOf(subject.id())).map(RefreshJob::from);
    }

    private Map<String, AttributeValue> update(
            Keys.SubjectRef subject,
            String expression,
            Map<String, AttributeValue> values,
            Condition condition,
            boolean returnNew) {
        Map<String, AttributeValue> allValues = new HashMap<>(condition.values());
        allValues.putAll(values);
        allValues.put(":now", Values.instant(clock.instant()));
        allValues.put(":running", Values.s(RefreshJob.Status.RUNNING.value()));
        String expressions = expression + " " + condition.expression();
        return table.updateJob(
                new ConditionalUpdate(
                        RefreshJob.keyOf(subject.id()),
                        expression,
                        condition.expression(),
                        used(NAMES, expressions),
                        used(allValues, expressions)),
                returnNew);
    }

    /** DynamoDB refuses names and values an expression does not use. */
    private static <V> Map<String, V> used(Map<String, V> all, String expressions) {
        Map<String, V> used = new HashMap<>();
        all.forEach((placeholder, value) -> {
            if (expressions.matches("(?s).*" + Pattern.quote(placeholder) + "(?![A-Za-z0-9_]).*")) {
                used.put(placeholder, value);
            }
        });
        return used;
    }

    /** {@code job}'s pass still running, and no change asked for another pass since {@code job} was read. */
    private static Condition unchangedSince(RefreshJob job) {
        return runningPass(job.pass()).and("#requested = :was", Map.of(":was", Values.n(job.requestedVersion())));
    }

    private static Condition runningPass(long pass) {
        return samePass(pass).and("#status = :running", Map.of());
    }

    private static Condition samePass(long pass) {
        return new Condition("#pass = :expectedPass", Map.of(":expectedPass", Values.n(pass)));
    }

    private static final int MAX_ATTEMPTS = 10;

    /** A condition expression with its own values (its names are all in {@link #NAMES}). */
    private record Condition(String expression, Map<String, AttributeValue> values) {
        Condition and(String more, Map<String, AttributeValue> moreValues) {
            Map<String, AttributeValue> v = new HashMap<>(values);
            v.putAll(moreValues);
            return new Condition(expression + " AND " + more, v);
        }
    }
}
