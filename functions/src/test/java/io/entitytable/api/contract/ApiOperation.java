package io.entitytable.api.contract;

import static io.entitytable.api.contract.ApiOperation.Success.CHANGED;
import static io.entitytable.api.contract.ApiOperation.Success.CREATED;
import static io.entitytable.api.contract.ApiOperation.Success.DELETED;
import static io.entitytable.api.contract.ApiOperation.Success.DELETED_OR_ACCEPTED;
import static io.entitytable.api.contract.ApiOperation.Success.JOB;
import static io.entitytable.api.contract.ApiOperation.Success.LIST;
import static io.entitytable.api.contract.ApiOperation.Success.READ;
import static io.entitytable.api.contract.ApiOperation.Success.SETTING;
import static io.entitytable.api.contract.ApiOperation.Success.STATE;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.TimeRange;
import io.entitytable.api.routes.ApiRoute;
import io.entitytable.api.routes.ApiRoutes;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.FieldList;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.search.client.TextQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The API's contract, one entry per route of {@link ApiRoutes} (method, path and operationId): what it is for, the
 * DynamoDB requests behind it, the success status it answers and every error status it can answer. A route without an
 * entry fails here; {@link ContractFilter} writes the entries into the generated OpenAPI document and fails when the
 * resources and this table disagree, so a new route cannot ship undocumented.
 *
 * <p>500 (a fault of the service) and 503 (DynamoDB throttled the request, or a write kept meeting other transactions
 * on its items) can follow any DynamoDB request, 413 (a body over the limit) and 429 (the request's business spent
 * its share of the second) any request, so every operation has them; the errors listed per entry are the ones its input
 * and the table's state can cause.
 */
public final class ApiOperation implements Comparable<ApiOperation> {
    /** The operations particular to one entity, or to the API as a whole, each written out. */
    private static final List<ApiOperation> WRITTEN = List.of(
            new ApiOperation(
                    written("createBusiness"),
                    "Create a business",
                    "Operators only. A new business with a fresh id and version 1, and its 16 child counters at zero: one TransactWriteItems,"
                            + " each Put on condition that its key is new (a collision is a 409).",
                    CREATED,
                    false,
                    400,
                    403,
                    409,
                    415,
                    422),
            new ApiOperation(
                    written("getBusiness"),
                    "Read a business",
                    "Access pattern 1, a business by id: one strongly consistent GetItem `id = B, type = business`.",
                    READ,
                    false,
                    Errors.GET),
            new ApiOperation(
                    written("updateBusiness"),
                    "Change a business",
                    "Fields left out stay as they are. A strongly consistent read, then one UpdateItem on condition that the"
                            + " version is still the one read; with `If-Match`, another version is a 412 at once.",
                    READ,
                    true,
                    Errors.PATCH),
            new ApiOperation(
                    written("deleteBusiness"),
                    "Delete a business",
                    "Operators only (else 403). Only an empty business can go: a GetItem, a BatchGetItem of its child"
                            + " counters, then one TransactWriteItems deleting the business on condition that the version is"
                            + " the one read and every counter on condition that it is zero: it owns no customer, store or"
                            + " order (else 409); 204. With `cascade=true`, the business is erased with everything it owns:"
                            + " operators only (to anyone else, 404 as for a business that does not exist). A GetItem, then one"
                            + " TransactWriteItems marking the business `erasing` (on condition that the version is the one"
                            + " read and that it is not being erased already, else 409), marking each of its child counters"
                            + " and putting its erase job (`<id>.erase`); the answer is 202 with the job as `Location`. From"
                            + " then on the business takes no new customer, store or order and no change (409), and reads"
                            + " still answer; the stream fan-out starts the job, and the refresh worker deletes its children,"
                            + " then the business. While the table moves online to another, a business the new table"
                            + " serves is erased only once the move has finished (409).",
                    DELETED_OR_ACCEPTED,
                    true,
                    Errors.DELETE_BUSINESS),
            new ApiOperation(
                    written("getBusinessJob"),
                    "Follow a business's erase",
                    "Operators only (to anyone else, 404). The job a business delete with `cascade=true` started (it"
                            + " outlives the business): one strongly consistent GetItem `id = <id>.erase, type = job`. `status`"
                            + " is `stopped` when a job that is not done has made no progress for 15 minutes. 404 when the"
                            + " business has no erase job.",
                    JOB,
                    false,
                    Errors.GET),
            new ApiOperation(
                    written("getBusinessCapacity"),
                    "A business's write shards",
                    "Operators only (to anyone else, 404). How many write shards the business's items are spread over (a new"
                            + " business has 1, one written before businesses had their own counts 4): one strongly"
                            + " consistent GetItem `id = B, type = business`.",
                    SETTING,
                    false,
                    Errors.GET),
            new ApiOperation(
                    written("getBusinessRetention"),
                    "How long a business's finished orders stay in the table",
                    "The business's members and operators (to anyone else, 404). For each kind with a lifecycle (orders:"
                            + " DELIVERED or CANCELLED), how long a finished one stays in the table before it moves to the"
                            + " archive, as an ISO-8601 duration: the business's own setting, else the default (P400D). One strongly consistent GetItem `id = B, type = business`.",
                    SETTING,
                    false,
                    Errors.GET),
            new ApiOperation(
                    written("setBusinessRetention"),
                    "Set how long a business's finished orders stay in the table",
                    "Operators only (a member of the business: 403; anyone else: 404). `{\"orders\": \"P30D\"}`: an"
                            + " ISO-8601 duration in days, hours, minutes or seconds, from a day (ten seconds on a local"
                            + " system) to 36500 days; a malformed, negative, shorter or longer one is a 422, a field that"
                            + " is no kind with a lifecycle a 400, and neither writes anything. What the body does not name stays; the same"
                            + " retention again writes nothing, and so does a business being erased (409). A strongly"
                            + " consistent read of the business, then one UpdateItem of its retention on condition that it"
                            + " is there and not being erased; its version does not move.",
                    SETTING,
                    false,
                    400,
                    403,
                    404,
                    409,
                    415,
                    422),
            new ApiOperation(
                    written("setBusinessCapacity"),
                    "Grow a business's write shards",
                    "Operators only (to anyone else, 404). `{\"shards\": n}`, an integer from 1 to 64 (else 422), at least"
                            + " the business's count: a count only grows (a smaller one is a 409, as is a business being"
                            + " erased); the same count writes nothing. A strongly consistent read of the business, then one"
                            + " UpdateItem of its count on condition that it is still the one read, in a TransactWriteItems"
                            + " with the child counters a count above 16 adds. Lists read the new count's partitions at once;"
                            + " new customers, stores and orders are placed under it from `writeShardsFrom`, when every"
                            + " instance of the API has learnt it.",
                    SETTING,
                    false,
                    400,
                    404,
                    409,
                    415,
                    422),
            new ApiOperation(
                    written("listBusinessItems"),
                    "A business with everything under it",
                    "Access pattern 2: the business, then its customers, orders and stores by type. One Query of"
                            + " businessGsi `businessShard = B#n` per shard of the business (1 for a new business; see `/capacity`) per page, in parallel, merged;"
                            + " an unknown business is a 404 (the business is its own first item).",
                    LIST,
                    false,
                    400,
                    404,
                    422),
            new ApiOperation(
                    written("listTaggedWithSeveral"),
                    "A business's subjects with any or all of several tags",
                    "Access pattern 13, from the tag copies the stream fan-out keeps: one Query `id = tag#B#t[#n]` per tag (at"
                            + " most 10) and shard of the business in parallel, merged by type; `any` de-duplicates, `all` intersects. Live"
                            + " subjects only: an archived order is not listed. An unknown business has no tagged subjects.",
                    LIST,
                    false,
                    Errors.LIST),
            new ApiOperation(
                    written("listTagged"),
                    "A business's subjects with a tag",
                    "Access pattern 12, from the tag copies the stream fan-out keeps: one Query `id = tag#B#t[#n] [AND"
                            + " begins_with(type, <entity>#)]` per shard of the business per page, in parallel, merged by type: the business itself, its customers, stores and orders"
                            + " that carry the tag; live subjects only, an archived order is not listed. An unknown business has no tagged"
                            + " subjects.",
                    LIST,
                    false,
                    Errors.LIST),
            new ApiOperation(
                    written("searchBusiness"),
                    "Search a business's customers, stores and orders",
                    "Plain-text search, answered by the search index the table's stream keeps (seconds behind the table),"
                            + " not by DynamoDB: customers by name, email and address, stores by name and address, orders by"
                            + " their lines' descriptions and SKUs, status and customer name, all by tags; live subjects only, an"
                            + " archived order is not found. A word prefix"
                            + " matches, a typo in a longer word is forgiven, accents and case do not matter. Best match"
                            + " first, ties by id; no relevance score is given (it is computed over every business's"
                            + " documents). One search request per page, held to the business; pages end after the first "
                            + TextQuery.MAX_HITS
                            + " hits. Highlights are HTML (stored text escaped, matches in <em>); every other field is"
                            + " plain text. 400 for a text over " + TextQuery.MAX_LENGTH + " characters or "
                            + TextQuery.MAX_WORDS + " words, or one the index refuses; 404"
                            + " when the deployment has no search index; 503 (with Retry-After) when the index cannot be"
                            + " reached or fails.",
                    LIST,
                    false,
                    Errors.LIST),
            new ApiOperation(
                    written("listAccessPatterns"),
                    "The list access patterns and whether each may answer",
                    "Operators only (else 403). Every list access pattern (docs/design.md §3) with its operation, index"
                            + " and key condition, and whether it may answer now: a pattern that reads index attributes a"
                            + " table written before it lacks answers only once its index backfill is ready (before, 503"
                            + " with `Retry-After`), and carries the backfill's progress. One strongly consistent GetItem"
                            + " `id = <backfill>.backfill, type = backfill` per backfill.",
                    STATE,
                    false,
                    403));

    /** What tagging and untagging do, for every entity alike. */
    private static final String TAG = "Tags are lower-cased; a subject carries at most " + Inputs.MAX_TAGS
            + ". A strongly consistent read, then one UpdateItem of `tags` on condition that the version is the one"
            + " read (a lost race is retried).";

    private static final String UNTAG =
            "A strongly consistent read, then one UpdateItem of `tags` on condition that the version is the one read.";

    /**
     * Every operation: the written ones and the routes every entity has alike, made from one template per route for
     * each definition, so a new entity's are documented as its collection's are.
     */
    private static final List<ApiOperation> ALL = every();

    /** The route of the API named {@code operationId}; fails for a name no route has. */
    private static ApiRoute written(String operationId) {
        return ApiRoutes.all().stream()
                .filter(route -> route.operationId().equals(operationId))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no route " + operationId));
    }

    private static List<ApiOperation> every() {
        List<ApiOperation> all = new ArrayList<>(WRITTEN);
        for (Entity entity : Entity.all()) {
            if (!entity.isTenant()) {
                all.addAll(declaredRoutes(entity));
            }
            all.add(tagRoute(ApiRoutes.tag(entity), entity, "tag", TAG));
            all.add(tagRoute(ApiRoutes.untag(entity), entity, "untag", UNTAG));
        }
        List<ApiRoute> described = all.stream().map(ApiOperation::route).toList();
        if (!described.equals(ApiRoutes.all())) {
            throw new IllegalStateException(
                    "the routes and their prose differ: routes " + ApiRoutes.all() + ", described " + described);
        }
        return List.copyOf(all);
    }

    /**
     * The routes of an entity declared by its fields (api/declared): its collection under the business (create, list)
     * and the subject by id (read, change, delete), each said from its declaration.
     */
    private static List<ApiOperation> declaredRoutes(Entity entity) {
        List<ApiOperation> routes = new ArrayList<>(crudRoutes(entity));
        entity.link().ifPresent(link -> routes.addAll(linkOwnerRoutes(link)));
        entity.linkedBy().ifPresent(link -> routes.addAll(linkTargetRoutes(link)));
        return routes;
    }

    /**
     * The routes of a subject that links others (a customer, which lists stores): the subjects it links, from the edges
     * the fan-out keeps, and a link or unlink of one.
     */
    private static List<ApiOperation> linkOwnerRoutes(Entity.Link link) {
        Entity owner = link.owner();
        Entity target = link.target();
        String writes = "A Query of the " + owner.keyName() + " and of the " + target.keyName()
                + ", then one TransactWriteItems: the " + owner.keyName() + "'s `" + link.attribute() + "`, and the "
                + target.keyName() + "'s link count.";
        return List.of(
                new ApiOperation(
                        ApiRoutes.linked(link),
                        ApiRoutes.plural(target) + " " + EntityNames.withArticle(owner) + " links",
                        "Access pattern 10, from the copies the stream fan-out keeps (as of the last fanned-out change):"
                                + " one Query `id = " + Keys.typePrefix(owner) + initial(owner)
                                + " AND begins_with(type, "
                                + Keys.typePrefix(target) + ")` per page.",
                        LIST,
                        false,
                        Errors.LIST),
                linkChange(
                        ApiRoutes.link(link),
                        "Link " + EntityNames.withArticle(target) + " to " + EntityNames.withArticle(owner),
                        "The " + target.keyName() + " must be of the " + owner.keyName() + "'s business; "
                                + EntityNames.withArticle(owner) + " links at most " + SubjectService.MAX_LINKS + " "
                                + target.collection() + ". " + writes),
                linkChange(
                        ApiRoutes.unlink(link),
                        "Unlink " + EntityNames.withArticle(target) + " from " + EntityNames.withArticle(owner),
                        writes));
    }

    /** The letter a key condition names a subject's id by: {@code C} for a customer's. */
    private static String initial(Entity entity) {
        return entity.keyName().substring(0, 1).toUpperCase(Locale.ROOT);
    }

    /**
     * "Access pattern 3: " when docs/design.md §3 numbers the declared list of {@code operationId} that reads {@code
     * index} (a customer's by name, and by email in gsi1); nothing for a list it does not number.
     */
    private static String numbered(String operationId, String index) {
        return Arrays.stream(AccessPattern.values())
                .filter(pattern -> pattern.number() > 0
                        && operationId.equals(pattern.operationId())
                        && index.equals(pattern.index()))
                .map(pattern -> "Access pattern " + pattern.number() + ": ")
                .findFirst()
                .orElse("");
    }

    /** The start of the prose of a list by one field's value on gsi1: its parameter, its pattern, what it holds. */
    private static String withThat(Entity entity, Field field) {
        return " With `" + field.name() + "`, "
                + numbered(ApiRoutes.listOperation(entity), TableLayout.GSI1).toLowerCase(Locale.ROOT)
                + "the " + entity.collection() + " with that " + field.name() + " in any letter case, ";
    }

    /** A link or unlink: 204, or the problems a tag's change has too. */
    private static ApiOperation linkChange(ApiRoute route, String summary, String description) {
        return new ApiOperation(route, summary, description, CHANGED, false, Errors.TAG_OR_LINK);
    }

    /**
     * The routes of a subject that others link (a store, which customers list): the job its delete with {@code
     * unlink=true} starts, and the subjects that link it, from the edges the fan-out keeps.
     */
    private static List<ApiOperation> linkTargetRoutes(Entity.Link link) {
        Entity target = link.target();
        String noun = target.keyName();
        return List.of(
                new ApiOperation(
                        ApiRoutes.job(link),
                        "Follow " + EntityNames.withArticle(target) + "'s refresh job",
                        "The job " + EntityNames.withArticle(target)
                                + " delete with `unlink=true` started (it outlives the "
                                + noun + "): one strongly consistent GetItem `id = <id>.job, type = job`. `stopped` is"
                                + " true when a job that is not done has made no progress for 15 minutes. 404 when the "
                                + noun + " has no job.",
                        JOB,
                        false,
                        Errors.GET),
                new ApiOperation(
                        ApiRoutes.linking(link),
                        ApiRoutes.plural(link.owner()) + " linking " + EntityNames.withArticle(target),
                        "Access pattern 11, from the copies the stream fan-out keeps (as of the last fanned-out change):"
                                + " one Query `id = " + Keys.typePrefix(target) + initial(target)
                                + " AND begins_with(type, "
                                + Keys.typePrefix(link.owner()) + ")` per page.",
                        LIST,
                        false,
                        Errors.LIST));
    }

    /** The create, list, read, change and delete of a declared entity. */
    private static List<ApiOperation> crudRoutes(Entity entity) {
        String noun = entity.keyName();
        String read = "one strongly consistent Query `id = X AND begins_with(type, " + entity.coreSortKeyPrefix()
                + ")`, limit 1";
        String unique = EntityNames.uniqueFields(entity);
        String markers = (unique.isEmpty()
                        ? ""
                        : ", with a marker of each of its unique values (" + unique + ") on condition that it is new: a"
                                + " value another " + noun + " of the business holds is a 409 naming the field")
                + entity.itemFields().stream()
                        .map(field -> ", each of its " + field.name() + " as an item of its own (`"
                                + Keys.collectionItemType(field.itemName(), 1) + "`, ...)")
                        .collect(Collectors.joining());
        String prefix = entity.coreSortKeyPrefix();
        String keyCondition = entity.isSortedByCreation()
                ? "type BETWEEN " + prefix + "<from> AND " + prefix + "<to>"
                : "begins_with(type, " + prefix + "<prefix>)";
        String order = "merged by " + entity.orderedBy()
                + (entity.isSortedByCreation()
                        ? "; `" + TimeRange.FROM + "` and `" + TimeRange.TO + "` bound the creation times (both"
                                + " included), and `" + FieldList.NAME_PREFIX + "` is a 400"
                        : "")
                + (entity.sortFields().isEmpty()
                        ? ""
                        : "; `" + FieldList.NAME_PREFIX + "` is the start of that name, in any letter case");
        String byFields = entity.fieldList()
                        .map(list -> " With `" + list.levels().get(0).parameter() + "`, the " + entity.collection()
                                + " that hold the levels given (each needs every one above it): one Query of gsi1 `gsi1pk = "
                                + Keys.fieldListPk(
                                        entity,
                                        "<B>",
                                        "<" + list.levels().get(0).parameter() + ">")
                                + "` per page, narrowed by `begins_with(gsi1sk, ...)` to the next levels given.")
                        .orElse("")
                + entity.lookupField()
                        .map(field -> withThat(entity, field)
                                + "oldest first: one Query of gsi1 `gsi1pk = "
                                + Keys.lookupPk(entity, field.name(), "<B>", "<" + field.name() + ", lower-cased>")
                                + "` per page.")
                        .orElse("")
                + entity.groupField()
                        .map(field -> withThat(entity, field)
                                + "newest first within the range: one Query of gsi1"
                                // Shard 0's key, its number said as the n of every shard.
                                + " `gsi1pk = "
                                + Keys.groupPk(entity, field.name(), "<B>", "<" + field.name() + ">", 0)
                                        .replaceAll("#0$", "#n")
                                + " AND gsi1sk BETWEEN <from> AND <to>` per shard of the business per page, in"
                                + " parallel, merged newest first, so " + entity.collection() + " holding another "
                                + field.name() + " are never read.")
                        .orElse("")
                + (entity.filters().isEmpty()
                        ? ""
                        : " Each of these lists takes "
                                + entity.filters().stream()
                                        .map(filter -> "`" + filter.parameter() + "` (" + filter.path()
                                                + (filter.isAtLeast() ? " at least" : " equal to") + " it)")
                                        .collect(Collectors.joining(", "))
                                + ", a FilterExpression of each Query: a page may hold fewer than `limit` "
                                + entity.collection() + " and still have a next one.");
        List<ApiOperation> routes = new ArrayList<>();
        if (entity.parent().isEmpty()) {
            routes.add(new ApiOperation(
                    ApiRoutes.create(entity),
                    "Create " + EntityNames.withArticle(entity) + " of a business",
                    "One TransactWriteItems: Put the " + noun + " (the id is new)" + markers
                            + ", and count it on its business, which must exist (else 404); a business being"
                            + " erased takes none (409).",
                    CREATED,
                    false,
                    Errors.CREATE_CHILD));
        }
        entity.parent().ifPresent(parent -> routes.addAll(parentRoutes(entity, parent, markers)));
        routes.addAll(List.of(
                new ApiOperation(
                        ApiRoutes.list(entity),
                        "The " + entity.collection() + " of a business",
                        numbered(ApiRoutes.listOperation(entity), TableLayout.BUSINESS_GSI)
                                + "One Query of businessGsi `businessShard = B#n AND " + keyCondition
                                + "` per shard of the business (1 for a new business; see `/capacity`) per page, in"
                                + " parallel, " + order
                                + "."
                                + archivedInList(
                                        entity,
                                        "each page also makes one LIST of the business's archived "
                                                + entity.collection() + " in the range")
                                + " An unknown business answers an empty page."
                                + byFields + bySku(entity),
                        LIST,
                        false,
                        Errors.LIST),
                new ApiOperation(
                        ApiRoutes.read(entity),
                        "Read " + EntityNames.withArticle(entity),
                        "A " + noun + " by id: "
                                + (entity.itemFields().isEmpty()
                                        ? read
                                        : "one strongly consistent Query `id = X` of its whole item collection, the "
                                                + noun + " with its "
                                                + String.join(
                                                        " and ",
                                                        entity.itemFields().stream()
                                                                .map(Field::name)
                                                                .toList())
                                                + " in order")
                                + "." + archivedRead(entity),
                        READ,
                        false,
                        Errors.GET),
                new ApiOperation(
                        ApiRoutes.change(entity),
                        "Change " + EntityNames.withArticle(entity),
                        "Fields left out stay as they are; an immutable one is refused (422). A read (" + read
                                + "), then one write on condition that the version is the one read"
                                + (entity.sortFields().isEmpty()
                                        ? ""
                                        : ": a new " + entity.orderedBy().replace(", then ", " or ")
                                                + " changes the key, so it is one TransactWriteItems (Delete the old"
                                                + " key, Put the new one)")
                                + (unique.isEmpty()
                                        ? ""
                                        : "; a change of a unique value moves its marker in one TransactWriteItems"
                                                + " with it (409 when another " + noun + " holds the value)")
                                + ". With `If-Match`, another version is a 412 at once." + archivedRefused(entity),
                        READ,
                        true,
                        Errors.PATCH),
                new ApiOperation(
                        ApiRoutes.delete(entity),
                        "Delete " + EntityNames.withArticle(entity),
                        "A read, then one TransactWriteItems: Delete the " + noun
                                + (unique.isEmpty() ? "" : " and its unique values' markers")
                                + " on condition that the version is the one read, and uncount it on its business."
                                + entity.linkedBy()
                                        .map(link -> " While " + link.owner().collection() + " link it, that is a"
                                                + " 409, unless `unlink=true`: then the same transaction also asks the "
                                                + noun + "'s job for a pass (an UpdateItem of `<id>.job`), and the"
                                                + " answer is 202 with the job as `Location`. The stream fan-out and"
                                                + " the refresh worker then remove the " + noun + " from every "
                                                + link.owner().keyName() + " that lists it and delete the relationship"
                                                + " copies; until the job is done, those "
                                                + link.owner().collection()
                                                + " may still list it. Without links, 204.")
                                        .orElse("")
                                + archivedRefused(entity),
                        entity.linkedBy().isPresent() ? DELETED_OR_ACCEPTED : DELETED,
                        true,
                        Errors.DELETE)));
        return routes;
    }

    /**
     * How a list continues into the archive where an entity's finished subjects go ({@link Entity#lifecycle}), with
     * {@code listing} the archive's read a page adds; nothing for an entity whose subjects stay.
     */
    private static String archivedInList(Entity entity, String listing) {
        if (entity.lifecycle().isEmpty()) {
            return "";
        }
        String noun = entity.keyName();
        return " Where the deployment archives finished " + entity.collection() + ", the list continues into the"
                + " archive through the same `next`: " + listing + " (at the same time as the Queries) and one GET per"
                + " archived " + noun + " it holds (in parallel), merged with the live ones by creation time and id, so"
                + " one that moves between two pages is listed once; an archived " + noun + " has `archived: true`,"
                + entity.groupField()
                        .map(field -> " and the list with `" + field.name() + "` holds live " + entity.collection()
                                + " only;")
                        .orElse("")
                + " the filters are applied to archived " + entity.collection() + " once read.";
    }

    /** How a read by id finds a subject that left for the archive; nothing for an entity whose subjects stay. */
    private static String archivedRead(Entity entity) {
        if (entity.lifecycle().isEmpty()) {
            return "";
        }
        return " " + EntityNames.withCapitalArticle(entity) + " the table no longer holds because it moved to"
                + " the archive is read from there, one GET more, and answered as it was, with `archived: true`.";
    }

    /** That an archived subject no longer changes; nothing for an entity whose subjects stay. */
    private static String archivedRefused(Entity entity) {
        if (entity.lifecycle().isEmpty()) {
            return "";
        }
        return " An archived " + entity.keyName() + " no longer changes: a 409 (one GET of the archive when the"
                + " table has no such " + entity.keyName() + ").";
    }

    /** The list of an entity copied under each of its SKUs by one SKU (pattern 15); nothing for any other. */
    private static String bySku(Entity entity) {
        if (!entity.isCopiedUnderEachSku()) {
            return "";
        }
        return " With `sku` (alone: with any other filter it is a 400), access pattern 15: the " + entity.collection()
                + " with that SKU, each once, from the SKU copies the stream fan-out keeps: one Query `id ="
                + " sku#B#<sku>[#n]` per shard of the business per page, in parallel, merged newest first. Each is its"
                + " copy's summary (`GET /" + entity.collection() + "/{id}` reads the rest); live "
                + entity.collection() + " only. Until the SKU backfill of a table written before pattern 15 is ready, a"
                + " 503 with `Retry-After` and its progress.";
    }

    /**
     * The collection of a child of another subject under its parent ({@link Entity#parent}: a customer's visits): a
     * new child, made there rather than under the business, and the parent's children from the index it heads.
     */
    private static List<ApiOperation> parentRoutes(Entity entity, Entity parent, String markers) {
        String parentKey = "`id = " + initial(parent) + " AND begins_with(type, " + parent.coreSortKeyPrefix() + ")`";
        AccessPattern pattern = entity.isSortedByCreation()
                ? AccessPattern.DECLARED_OF_PARENT_BY_TIME
                : AccessPattern.DECLARED_OF_PARENT;
        return List.of(
                new ApiOperation(
                        ApiRoutes.create(entity),
                        "Create " + EntityNames.withArticle(entity) + " of " + EntityNames.withArticle(parent),
                        "A strongly consistent Query of the " + parent.keyName() + " " + parentKey + " (one that does"
                                + " not exist, or of another business, is a 404), then one TransactWriteItems: Put the "
                                + entity.keyName() + " (the id is new) with the " + parent.keyName() + "'s id"
                                + markers + ", and count it on the " + parent.keyName() + "'s business; a business"
                                + " being erased takes none (409).",
                        CREATED,
                        false,
                        Errors.CREATE_CHILD),
                new ApiOperation(
                        ApiRoutes.ofParent(entity, parent),
                        "The " + entity.collection() + " of " + EntityNames.withArticle(parent),
                        numbered(ApiRoutes.ofParent(entity, parent).operationId(), pattern.index())
                                + "One Query of " + pattern.index() + " `"
                                + pattern.keyCondition().replace("<entity>#", entity.coreSortKeyPrefix())
                                + "` per page, " + (pattern.forward() ? "by " + entity.orderedBy() : "newest first")
                                + "."
                                + archivedInList(
                                        entity,
                                        "each page also makes one LIST of the " + parent.keyName() + "'s archived "
                                                + entity.collection())
                                + " For a business's member, the " + parent.keyName() + " is read first ("
                                + parentKey + "): one of another business is a 404; an operator's list of a "
                                + parent.keyName() + " that does not exist is empty.",
                        LIST,
                        false,
                        Errors.LIST));
    }

    /** {@code PUT} or {@code DELETE /<collection>/{id}/tags/{tag}}: {@code tagStore}, "Tag a store", and so on. */
    private static ApiOperation tagRoute(ApiRoute route, Entity entity, String verb, String description) {
        return new ApiOperation(
                route,
                Character.toUpperCase(verb.charAt(0)) + verb.substring(1) + " " + EntityNames.withArticle(entity),
                entity.lifecycle().isPresent()
                        ? description + " An archived " + entity.keyName() + " no longer changes: a 409 (one GET of the"
                                + " archive when the table has no such " + entity.keyName() + ")."
                        : description,
                CHANGED,
                false,
                Errors.TAG_OR_LINK);
    }

    /** The error statuses that whole kinds of operation share, named once (413, 429, 500 and 503 are added to every one). */
    private static final class Errors {
        /** A subject by id: a malformed id (422) or none (404). */
        static final int[] GET = {404, 422};
        /**
         * A list: a bad cursor or query parameter (400), a malformed id in the path (422); a missing parent is an empty
         * page, one the caller may not use a 404.
         */
        static final int[] LIST = {400, 404, 422};
        /**
         * A new child counted on its business (a customer, a store, an order placed for a customer): every body error,
         * a parent that is missing or not the caller's (404), and a business being deleted or erased or a request with
         * the same Idempotency-Key still in flight (409).
         */
        static final int[] CREATE_CHILD = {400, 404, 409, 415, 422};
        /** A tag or link: also 409 when the subject keeps changing under a bounded number of retries. */
        static final int[] TAG_OR_LINK = {404, 409, 422};
        /** A change with a body: every body error, and {@code If-Match} (412). */
        static final int[] PATCH = {400, 404, 409, 412, 415, 422};
        /** A delete: {@code If-Match} (412), and 409 while the subject still owns or links something. */
        static final int[] DELETE = {400, 404, 409, 412, 422};

        static final int[] DELETE_BUSINESS = {400, 403, 404, 409, 412, 422};

        private Errors() {}
    }

    /** What a successful call answers. */
    public enum Success {
        /** 201 with the new subject, its URL as {@code Location} and its version as {@code ETag}. */
        CREATED(201),
        /** 200 with the subject and its version as {@code ETag}. */
        READ(200),
        /** 200 with a page of subjects. */
        LIST(200),
        /** 204, with the changed subject's new version as {@code ETag}. */
        CHANGED(204),
        /** 204. */
        DELETED(204),
        /**
         * 204 when nothing else remains to do; 202 with the job that finishes the work, its URL as {@code Location},
         * when the delete leaves work that grows with other items.
         */
        DELETED_OR_ACCEPTED(204),
        /** 200 with a job's progress; no ETag, a job is not a versioned subject. */
        JOB(200),
        /** 200 with an operator's setting of a subject; no ETag, a setting is not part of its versioned state. */
        SETTING(200),
        /** 200 with the state of the service itself (its access patterns) for operators; no ETag, it is no subject. */
        STATE(200);

        private final int status;

        Success(int status) {
            this.status = status;
        }

        /** The status when nothing else remains to do (for {@link #DELETED_OR_ACCEPTED}, 202 is the other). */
        public int status() {
            return status;
        }

        /** Every success status it may answer. */
        public List<Integer> statuses() {
            return this == DELETED_OR_ACCEPTED ? List.of(202, status) : List.of(status);
        }
    }

    private final ApiRoute route;
    private final Contract contract;

    private ApiOperation(
            ApiRoute route, String summary, String description, Success success, boolean ifMatch, int... errors) {
        this.route = route;
        // Any operation can answer a fault of the service (500) and a busy table (503, with Retry-After): DynamoDB
        // throttling, or for a write, other transactions holding its items beyond the retries; a spent request limit
        // (429, with Retry-After), which is charged before anything else. And any request may carry a body, whatever
        // its method: one over the limit is a 413 on every route (web.BodyLimit).
        SortedSet<Integer> all = new TreeSet<>(List.of(413, 429, 500, 503));
        for (int error : errors) {
            all.add(error);
        }
        this.contract = new Contract(
                route.operationId(), summary, description, success, ifMatch, Collections.unmodifiableSortedSet(all));
    }

    /**
     * What the OpenAPI document says of the operation ({@link ContractFilter} writes it there).
     *
     * @param ifMatch whether the operation honours {@code If-Match}: a version other than the current one is a 412
     * @param errors every error status, in ascending order
     */
    public record Contract(
            String operationId,
            String summary,
            String description,
            Success success,
            boolean ifMatch,
            Set<Integer> errors) {}

    /** Every operation of the API. */
    public static List<ApiOperation> values() {
        return ALL;
    }

    /** Where the operation is served: its method, path template ({@code /customers/{id}}) and operationId. */
    public ApiRoute route() {
        return route;
    }

    public Contract contract() {
        return contract;
    }

    /** The entry of the route a request of {@code method} on {@code requestPath} went to ({@link ApiRoutes#matching}). */
    public static ApiOperation matching(String method, String requestPath) {
        return ApiRoutes.matching(method, requestPath)
                .map(route -> of(route.method(), route.path()))
                .orElse(null);
    }

    /** Ordered by path, then method, as the document lists them. */
    @Override
    public int compareTo(ApiOperation other) {
        int byPath = route.path().compareTo(other.route.path());
        return byPath != 0 ? byPath : route.method().compareTo(other.route.method());
    }

    @Override
    public String toString() {
        return route.toString();
    }

    /** The entry for a method and path template, or null. */
    public static ApiOperation of(String method, String path) {
        for (ApiOperation operation : ALL) {
            if (operation.route.method().equalsIgnoreCase(method)
                    && operation.route.path().equals(path)) {
                return operation;
            }
        }
        return null;
    }
}
