package io.entitytable.api.table;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Tombstone;
import io.entitytable.model.access.LiveCoreItem;
import io.entitytable.model.access.PartitionQuery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The {@code Entity} table as the API sees it: the client, the table name and the key shapes of each index. */
@ApplicationScoped
public class EntityTable {

    /**
     * Rounds of "tombstone, then Query again" before a customer or store found nowhere is not found: pauses of 20 and
     * 40 ms, far longer than a commit takes, and short enough for a 404.
     */
    static final int RENAME_WAIT_ROUNDS = 3;

    static final Duration RENAME_WAIT_PAUSE = Duration.ofMillis(20);

    private final DynamoDbClient dynamo;
    /** The configured table: the home table while the table moves. */
    private final String home;

    private final PatternReadiness patterns = new PatternReadiness(this, Clock.systemUTC());

    @Inject
    public EntityTable(DynamoDbClient dynamo, ApiConfig config) {
        this(dynamo, config.tableName());
    }

    public EntityTable(DynamoDbClient dynamo, String name) {
        this.dynamo = dynamo;
        this.home = name;
    }

    public DynamoDbClient dynamo() {
        return dynamo;
    }

    /** The configured table, which holds the route items while the table moves. */
    public String home() {
        return home;
    }

    /**
     * The table the current request's business is served from: the configured one, or, while the table moves online,
     * the one its route names ({@link RequestRoute}).
     */
    public String name() {
        return RequestRoute.current().map(RequestRoute.Bound::table).orElse(home);
    }

    /** Whether the table's access patterns may answer: those whose index backfill is not ready may not. */
    public PatternReadiness patterns() {
        return patterns;
    }

    /**
     * The items at {@code keys} (at most 100), read strongly consistently in one BatchGetItem (again for any keys it
     * left unprocessed); missing items are left out.
     */
    public List<Map<String, AttributeValue>> getAll(List<ItemKey> keys) {
        String name = name();
        KeysAndAttributes asked = KeysAndAttributes.builder()
                .keys(keys.stream().map(ItemKey::toAttributes).toList())
                .consistentRead(true)
                .build();
        return dynamo.batchGetItemPaginator(batch -> batch.requestItems(Map.of(name, asked))).stream()
                .flatMap(response -> response.responses().getOrDefault(name, List.of()).stream())
                .toList();
    }

    /** The item at {@code key}, read strongly consistently in one GetItem. */
    public Optional<Map<String, AttributeValue>> find(ItemKey key) {
        return find(name(), key);
    }

    /**
     * A job's item ({@link io.entitytable.model.RefreshJob}, {@link io.entitytable.model.EraseJob}), read strongly
     * consistently in one GetItem of the home table: while the table moves, the workers advance every job there.
     */
    public Optional<Map<String, AttributeValue>> findJob(ItemKey key) {
        return find(home, key);
    }

    private Optional<Map<String, AttributeValue>> find(String table, ItemKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(request ->
                        request.tableName(table).key(key.toAttributes()).consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }

    /**
     * The live core item of a subject ({@link LiveCoreItem}), read strongly consistently: one GetItem where the entity's
     * sort key is fixed (a business), else one Query of the id and the prefix (a customer's or store's sort key carries
     * its name, an order's its time; order lines sort under {@code line#} and are not matched). An empty Query of a
     * customer or store is followed by a GetItem of its tombstone and, without one, by another Query or two over {@link
     * #RENAME_WAIT_ROUNDS} rounds: a Query that runs while a rename commits sees neither key, and a client must not be
     * told that a customer being renamed does not exist. Only a subject found nowhere pays for that.
     */
    public Optional<Map<String, AttributeValue>> findCore(Entity entity, String id) {
        if (RequestRoute.foundNowhere(id)) {
            return Optional.empty();
        }
        return findCoreIn(List.of(name()), entity, id);
    }

    /**
     * {@link #findCore} over several tables: the subject's core item in the first of {@code tables} that holds it, the
     * later ones read only when the earlier hold none; an empty Query is followed by the rounds of a rename in any of
     * them, unless one holds its tombstone.
     */
    Optional<Map<String, AttributeValue>> findCoreIn(List<String> tables, Entity entity, String id) {
        Optional<ItemKey> fixed = LiveCoreItem.fixedKey(entity, id);
        if (fixed.isPresent()) {
            return inFirst(tables, table -> find(table, fixed.get()));
        }
        return inFirst(tables, table -> queryCore(table, entity, id))
                .or(() -> LiveCoreItem.afterEmptyQuery(
                        entity,
                        () -> inFirst(tables, table -> queryCore(table, entity, id)),
                        () -> tables.stream().anyMatch(table -> find(table, Tombstone.keyOf(id))
                                .isPresent()),
                        RENAME_WAIT_ROUNDS,
                        RENAME_WAIT_PAUSE,
                        Optional::empty));
    }

    private static Optional<Map<String, AttributeValue>> inFirst(
            List<String> tables, Function<String, Optional<Map<String, AttributeValue>>> read) {
        return tables.stream().map(read).flatMap(Optional::stream).findFirst();
    }

    private Optional<Map<String, AttributeValue>> queryCore(String table, Entity entity, String id) {
        QueryRequest query = LiveCoreItem.query(entity, id).toRequest(table).toBuilder()
                .limit(1)
                .build();
        return LiveCoreItem.among(dynamo.query(query).items());
    }

    /**
     * Every item of the partition of subject {@code id}, strongly consistent, one Query per page; none for a subject the
     * request's route found nowhere ({@link RequestRoute#foundNowhere}).
     */
    public List<Map<String, AttributeValue>> readSubjectPartition(String id) {
        if (RequestRoute.foundNowhere(id)) {
            return List.of();
        }
        return dynamo
                .queryPaginator(
                        PartitionQuery.partition(null, id).consistentRead().toRequest(name()))
                .items()
                .stream()
                .toList();
    }
}
