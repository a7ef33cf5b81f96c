package io.entitytable.api.table;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.entitytable.model.access.LiveCoreItem;
import io.entitytable.model.move.BusinessRoute;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which table serves a business while the table moves online (docs/design.md §2, "Moving a table online"): its route
 * item in the home table, read strongly consistently once per request, and only while the API is deployed with a
 * move target. A business being cut over is fenced: its requests wait for the cut-over, up to {@link #HOLD}, and are
 * then answered 503 with {@code Retry-After: 1} (the cut-over gives up well within that).
 */
@ApplicationScoped
public class BusinessRoutes {
    /** The longest a request waits for its business's cut-over. */
    static final Duration HOLD = Duration.ofSeconds(1);

    private static final Duration POLL = Duration.ofMillis(20);

    private final DynamoDbClient dynamo;
    private final String home;
    private final Optional<String> target;

    @Inject
    public BusinessRoutes(DynamoDbClient dynamo, ApiConfig config) {
        this(dynamo, config.tableName(), config.moveTargetTable().filter(name -> !name.isBlank()));
    }

    BusinessRoutes(DynamoDbClient dynamo, String home, Optional<String> target) {
        this.dynamo = dynamo;
        this.home = home;
        this.target = target;
    }

    /** Whether a move is under way: only then do requests read routes and writes check them. */
    public boolean moving() {
        return target.isPresent();
    }

    /** The table that serves {@code businessId} now, after waiting while it is fenced. */
    public String servingTable(String businessId) {
        long deadline = System.nanoTime() + HOLD.toNanos();
        while (true) {
            Optional<BusinessRoute> route = BusinessRoute.read(dynamo, home, businessId);
            if (route.isEmpty() || !route.get().fenced()) {
                return BusinessRoute.servingTable(route, home);
            }
            if (System.nanoTime() > deadline) {
                throw ApiProblem.businessMoving(businessId);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw ApiProblem.businessMoving(businessId);
            }
        }
    }

    /**
     * The business of a customer, store or order, for a request whose path names none: read in the home table, which
     * the move keeps current for every business, else in the target, where a subject created a moment ago may be
     * the only copy yet. Empty when neither holds it, which the request then takes for its answer ({@link
     * RequestRoute#foundNowhere}): so a customer or store found in neither is looked for again while a rename may be
     * committing, as {@link EntityTable#findCore} does, unless either table holds its tombstone.
     */
    public Optional<String> businessOf(Entity entity, String id) {
        return coreItemOf(entity, id)
                .or(() -> LiveCoreItem.afterEmptyQuery(
                        entity,
                        () -> coreItemOf(entity, id),
                        () -> tables().anyMatch(table -> tombstoned(table, id)),
                        EntityTable.RENAME_WAIT_ROUNDS,
                        EntityTable.RENAME_WAIT_PAUSE,
                        Optional::empty))
                .map(item -> Values.string(item, Attributes.BUSINESS_ID));
    }

    private Optional<Map<String, AttributeValue>> coreItemOf(Entity entity, String id) {
        // Lazily: the target is read only when the home table holds no such subject.
        return tables().map(table -> LiveCoreItem.among(
                        dynamo.query(LiveCoreItem.query(entity, id).toRequest(table))
                                .items()))
                .flatMap(Optional::stream)
                .findFirst();
    }

    private boolean tombstoned(String table, String id) {
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(table)
                        .key(Tombstone.keyOf(id).toAttributes())
                        .consistentRead(true))
                .item();
        return item != null && !item.isEmpty();
    }

    private Stream<String> tables() {
        return Stream.concat(Stream.of(home), target.stream());
    }
}
