package io.entitytable.api.table;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Retention;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The update expressions of the API's writes: replace a core item's public attributes, move a counter. */
final class UpdateExpressions {
    /** Attributes a replacement must leave alone: the keys, and counters that move without a version bump. */
    static final Set<String> KEPT = kept();

    private static Set<String> kept() {
        Set<String> kept = new java.util.HashSet<>(
                Set.of(Attributes.ID, Attributes.TYPE, Attributes.CHILD_COUNT, Attributes.LINK_COUNT));
        // A growth writes the count alone, a retention setting itself and a mover its lease, without a version bump: a
        // change made from an earlier read keeps them.
        kept.addAll(Attributes.SHARD_COUNT);
        kept.add(Attributes.RETENTION);
        kept.add(Attributes.ARCHIVING);
        return Set.copyOf(kept);
    }

    private UpdateExpressions() {}

    /** SET every attribute of {@code next}, REMOVE those it dropped; the keys and counters untouched. */
    static Expression replacing(Map<String, AttributeValue> current, Map<String, AttributeValue> next) {
        Expression.Builder update = Expression.builder();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, AttributeValue> attribute : next.entrySet()) {
            if (KEPT.contains(attribute.getKey())) {
                continue;
            }
            update.putExpressionName("#a" + i, attribute.getKey());
            update.putExpressionValue(":a" + i, attribute.getValue());
            sets.add("#a" + i + " = :a" + i);
            i++;
        }
        for (String name : current.keySet()) {
            if (!KEPT.contains(name) && !next.containsKey(name)) {
                update.putExpressionName("#a" + i, name);
                removes.add("#a" + i);
                i++;
            }
        }
        return update.expression("SET " + String.join(", ", sets)
                        + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes)))
                .build();
    }

    /** ADD {@code delta} to a number attribute (which starts at zero when absent). */
    static Expression adding(String counter, int delta) {
        return Expression.builder()
                .expression("ADD #count :delta")
                .putExpressionName("#count", counter)
                .putExpressionValue(":delta", Values.n(delta))
                .build();
    }

    /**
     * Marks a business being erased as of {@code at}: SET {@code erasing} and {@code updatedAt}, ADD 1 to its version
     * (the change the fan-out starts the erase job from), and name the request that wrote it, or none.
     */
    static Expression erasingBusiness(Instant at, Optional<String> requestId) {
        Expression.Builder update = Expression.builder()
                .putExpressionName("#erasing", Attributes.ERASING)
                .putExpressionName("#updated", Attributes.UPDATED_AT)
                .putExpressionValue(":at", Values.instant(at))
                .putExpressionName("#bump", Attributes.VERSION)
                .putExpressionValue(":one", Values.n(1))
                .putExpressionName("#correlation", Attributes.CORRELATION_ID);
        requestId.ifPresent(id -> update.putExpressionValue(":correlation", Values.s(id)));
        return update.expression("SET #erasing = :at, #updated = :at"
                        + (requestId.isPresent() ? ", #correlation = :correlation" : "")
                        + " ADD #bump :one"
                        + (requestId.isPresent() ? "" : " REMOVE #correlation"))
                .build();
    }

    /** SET a business's retention of finished subjects to {@code retention}; its version untouched. */
    static Expression settingRetention(Retention retention) {
        return Expression.builder()
                .expression("SET #retention = :retention")
                .putExpressionName("#retention", Attributes.RETENTION)
                .putExpressionValue(":retention", retention.toAttribute())
                .build();
    }

    /** Marks a child counter of a business being erased as of {@code at}: SET {@code erasing}; the count untouched. */
    static Expression erasingCounter(Instant at) {
        return Expression.builder()
                .expression("SET #erasing = :at")
                .putExpressionName("#erasing", Attributes.ERASING)
                .putExpressionValue(":at", Values.instant(at))
                .build();
    }

    /**
     * SET what asks for a refresh pass: the job's kind, subject and business, the version asked for, the copies to
     * expect, the time. Leaves {@code jobStatus}, {@code pass} and {@code passVersion} to the fan-out.
     */
    static Expression requestingRefresh(RefreshRequest request) {
        return Expression.builder()
                .expression("SET #kind = :kind, #subject = :subject, #business = :business,"
                        + " #requested = :requested, #total = :total, #updated = :updated")
                .putExpressionName("#kind", Attributes.KIND)
                .putExpressionValue(":kind", Values.s(ItemKind.JOB.value()))
                .putExpressionName("#subject", Attributes.JOB_SUBJECT)
                .putExpressionValue(":subject", Values.s(request.subjectRef()))
                .putExpressionName("#business", Attributes.BUSINESS_ID)
                .putExpressionValue(":business", Values.s(request.businessId()))
                .putExpressionName("#requested", Attributes.JOB_REQUESTED_VERSION)
                .putExpressionValue(":requested", Values.n(request.requestedVersion()))
                .putExpressionName("#total", Attributes.JOB_COPIES_TOTAL)
                .putExpressionValue(":total", Values.n(request.copiesTotal()))
                .putExpressionName("#updated", Attributes.UPDATED_AT)
                .putExpressionValue(":updated", Values.instant(request.at()))
                .build();
    }
}
