package io.entitytable.fanout.refresh;

import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.CopyPacer;
import io.entitytable.model.CopyPace;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.queue.RefreshMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Works one refresh-queue message (see {@link RefreshMessage}). A segment is worked page by page ({@link
 * RefreshJob#PAGE_SIZE} edges, one strongly consistent Query, then one strongly consistent read of the subject): each
 * copy is refreshed from the subject as it is now, or, when the subject is gone, the edge's owner (a customer, for a
 * store) is unlinked from it and the edge and its mirror are deleted. Before the slice's deadline the rest of the segment is sent back to the queue
 * with a cursor, and the message is done.
 *
 * <p>Why a duplicate, late or reordered message is harmless: every page copies the subject's current item under the
 * copies' {@code sourceVersion} condition, so no write moves a copy backwards, whenever it happens; a message of a pass
 * that is no longer the running one is dropped (the running pass covers the whole partition again); and a segment
 * marked done twice is one member of a set.
 */
record RefreshWorker(
        SegmentTable table, PassLedger jobs, RefreshQueue queue, BoundedParallel parallel, int copiesPerSecond) {
    enum Outcome {
        /** The segment (or the unlink, or the restart) is done. */
        DONE,
        /** The rest of the segment went back to the queue. */
        CONTINUED,
        /** A later pass superseded the message's. */
        DROPPED
    }

    Outcome handle(RefreshMessage message, SliceDeadline deadline) {
        // Only a link's target (a store) has a refresh job: its owners may be too many for one stream record.
        Keys.SubjectRef subject = Keys.parseSubjectRef(message.subject())
                .filter(ref -> ref.entity().linkedBy().isPresent())
                .orElseThrow(() -> new IllegalArgumentException("not a link target: " + message.subject()));
        if (message.isRestart()) {
            jobs.restart(subject);
            return Outcome.DONE;
        }
        if (message.isUnlink()) {
            if (table.current(subject).isEmpty()) {
                Entity owner = subject.entity().linkedBy().get().owner();
                table.unlink(new Keys.SubjectRef(owner, message.unlinkCustomer()), subject.id());
            }
            return Outcome.DONE;
        }
        return segment(subject, message, deadline);
    }

    private Outcome segment(Keys.SubjectRef subject, RefreshMessage message, SliceDeadline deadline) {
        if (!jobs.isCurrent(subject, message.pass())) {
            jobs.stale(subject, message.pass());
            return Outcome.DROPPED;
        }
        // The segments of a pass share the subject's one sourceGsi partition, and so its pace.
        int segments = message.segments();
        CopyPacer pacer =
                new CopyPacer(Math.max(1, copiesPerSecond / segments), Math.max(1, CopyPace.BURST / segments));
        SegmentPages.Ending ending = SegmentPages.work(message, deadline, queue, cursor -> {
            SegmentTable.EdgePage page =
                    table.page(message.subject(), message.from(), message.to(), cursor, RefreshJob.PAGE_SIZE);
            Optional<Map<String, AttributeValue>> current = table.current(subject);
            List<Runnable> writes = new ArrayList<>(page.edges().size());
            for (ItemKey edge : page.edges()) {
                writes.add(() -> {
                    pacer.acquire();
                    if (current.isPresent()) {
                        table.refresh(edge.mirror(), current.get());
                    } else {
                        // The core write first: once the edge is gone, no later page would find the customer again.
                        table.unlink(ownerOf(edge), subject.id());
                        table.drop(edge);
                    }
                });
            }
            parallel.runAll(writes);
            return jobs.progressed(subject, message.pass(), page.edges().size())
                    ? SegmentPages.Next.after(page.lastKey())
                    : SegmentPages.Next.supersededNext();
        });
        return switch (ending) {
            case LAST_PAGE -> {
                jobs.segmentDone(subject, message.pass(), message.segment());
                yield Outcome.DONE;
            }
            case CONTINUED -> Outcome.CONTINUED;
            case SUPERSEDED -> Outcome.DROPPED;
        };
    }

    /** The owner whose link an edge in the target's partition stands for: {@code store#S / customer#C} names C. */
    private static Keys.SubjectRef ownerOf(ItemKey edge) {
        return Keys.parseSubjectRef(edge.type()).orElseThrow(() -> new IllegalStateException("not an edge: " + edge));
    }
}
