package io.entitytable.api.routes;

import io.entitytable.model.Entity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every operation of the API by method, path and operationId: the ones particular to the business or to the API as a
 * whole, written out, and the ones every entity has alike, made from its definition. The contract's prose for each is
 * written where the document is generated (the tests' {@code contract} package), which fails on a route without
 * prose; at run time only the names are needed, so the function never builds the prose.
 */
public final class ApiRoutes {
    private static final List<ApiRoute> WRITTEN = List.of(
            new ApiRoute("POST", "/businesses", "createBusiness"),
            new ApiRoute("GET", "/businesses/{id}", "getBusiness"),
            new ApiRoute("PATCH", "/businesses/{id}", "updateBusiness"),
            new ApiRoute("DELETE", "/businesses/{id}", "deleteBusiness"),
            new ApiRoute("GET", "/businesses/{id}/job", "getBusinessJob"),
            new ApiRoute("GET", "/businesses/{id}/capacity", "getBusinessCapacity"),
            new ApiRoute("GET", "/businesses/{id}/retention", "getBusinessRetention"),
            new ApiRoute("PUT", "/businesses/{id}/retention", "setBusinessRetention"),
            new ApiRoute("PUT", "/businesses/{id}/capacity", "setBusinessCapacity"),
            new ApiRoute("GET", "/businesses/{id}/items", "listBusinessItems"),
            new ApiRoute("GET", "/businesses/{id}/tagged", "listTaggedWithSeveral"),
            new ApiRoute("GET", "/businesses/{id}/tagged/{tag}", "listTagged"),
            new ApiRoute("GET", "/businesses/{id}/search", "searchBusiness"),
            new ApiRoute("GET", "/patterns", "listAccessPatterns"));

    private static final List<ApiRoute> ALL = every();

    private ApiRoutes() {}

    private static List<ApiRoute> every() {
        List<ApiRoute> all = new ArrayList<>(WRITTEN);
        for (Entity entity : Entity.all()) {
            if (!entity.isTenant()) {
                all.addAll(declared(entity));
            }
            all.add(tag(entity));
            all.add(untag(entity));
        }
        return List.copyOf(all);
    }

    /**
     * The routes of an entity declared by its fields (api/declared): its create (under the business, or under its
     * parent with the parent's list), its business's list, the subject by id, and its links either way.
     */
    private static List<ApiRoute> declared(Entity entity) {
        List<ApiRoute> routes = new ArrayList<>();
        routes.add(create(entity));
        entity.parent().ifPresent(parent -> routes.add(ofParent(entity, parent)));
        routes.addAll(List.of(list(entity), read(entity), change(entity), delete(entity)));
        entity.link().ifPresent(link -> routes.addAll(List.of(linked(link), link(link), unlink(link))));
        entity.linkedBy().ifPresent(link -> routes.addAll(List.of(job(link), linking(link))));
        return routes;
    }

    /** Every operation of the API. */
    public static List<ApiRoute> all() {
        return ALL;
    }

    /**
     * The route a request of {@code method} on {@code requestPath} (a path as requested, ids and all) went to, if any:
     * the one whose template matches it segment by segment, a {@code {name}} segment matching any one segment; of two
     * that match, the one with more literal segments.
     */
    public static Optional<ApiRoute> matching(String method, String requestPath) {
        String[] segments = segments(requestPath);
        ApiRoute best = null;
        int bestLiterals = -1;
        for (ApiRoute route : ALL) {
            int literals = route.literalMatches(method, segments);
            if (literals > bestLiterals) {
                best = route;
                bestLiterals = literals;
            }
        }
        return Optional.ofNullable(best);
    }

    static String[] segments(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.split("/", -1);
    }

    /** A new one under its business (for an entity with a parent, under the parent). */
    public static ApiRoute create(Entity entity) {
        String collection = entity.parent().map(parent -> under(parent, entity)).orElse(underBusiness(entity));
        return new ApiRoute("POST", collection, "create" + typeName(entity));
    }

    /** Its parent's children of this entity. */
    public static ApiRoute ofParent(Entity entity, Entity parent) {
        return new ApiRoute("GET", under(parent, entity), "list" + typeName(parent) + plural(entity));
    }

    /** Its business's list. */
    public static ApiRoute list(Entity entity) {
        return new ApiRoute("GET", underBusiness(entity), listOperation(entity));
    }

    public static ApiRoute read(Entity entity) {
        return new ApiRoute("GET", byId(entity), "get" + typeName(entity));
    }

    public static ApiRoute change(Entity entity) {
        return new ApiRoute("PATCH", byId(entity), "update" + typeName(entity));
    }

    public static ApiRoute delete(Entity entity) {
        return new ApiRoute("DELETE", byId(entity), "delete" + typeName(entity));
    }

    /** The subjects the link's owner links (a customer's stores), from the edges the fan-out keeps. */
    public static ApiRoute linked(Entity.Link link) {
        return new ApiRoute(
                "GET", under(link.owner(), link.target()), "list" + typeName(link.owner()) + plural(link.target()));
    }

    public static ApiRoute link(Entity.Link link) {
        return new ApiRoute("PUT", linkPath(link), "link" + typeName(link.target()));
    }

    public static ApiRoute unlink(Entity.Link link) {
        return new ApiRoute("DELETE", linkPath(link), "unlink" + typeName(link.target()));
    }

    /** The job a delete of a linked subject (a store customers link) starts. */
    public static ApiRoute job(Entity.Link link) {
        return new ApiRoute("GET", byId(link.target()) + "/job", "get" + typeName(link.target()) + "Job");
    }

    /** The subjects linking one (a store's customers), from the edges the fan-out keeps. */
    public static ApiRoute linking(Entity.Link link) {
        return new ApiRoute(
                "GET", under(link.target(), link.owner()), "list" + typeName(link.target()) + plural(link.owner()));
    }

    public static ApiRoute tag(Entity entity) {
        return new ApiRoute("PUT", tagPath(entity), "tag" + typeName(entity));
    }

    public static ApiRoute untag(Entity entity) {
        return new ApiRoute("DELETE", tagPath(entity), "untag" + typeName(entity));
    }

    /** "Products", from its collection: the document's tag of its operations and the word in its list's operationId. */
    public static String plural(Entity entity) {
        return capitalized(entity.collection());
    }

    /** Its schema's name and the word in its operationIds: {@code Store}, as in {@code tagStore}. */
    public static String typeName(Entity entity) {
        return capitalized(entity.keyName());
    }

    /**
     * The operationId of its business's list: by the name of its list by fields, {@code listStoresByLocation}; else by
     * name for an entity named in its sort key, {@code listCustomersByName}; else {@code listProducts}.
     */
    public static String listOperation(Entity entity) {
        String list = "list" + plural(entity);
        return entity.fieldList()
                .map(fields -> list + "By" + capitalized(fields.name()))
                .orElse(entity.sortFields().isEmpty() ? list : list + "ByName");
    }

    private static String capitalized(String word) {
        return word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }

    private static String byId(Entity entity) {
        return "/" + entity.collection() + "/{id}";
    }

    private static String underBusiness(Entity entity) {
        return "/businesses/{id}/" + entity.collection();
    }

    /** The collection of {@code child} under one {@code owner}: {@code /customers/{id}/stores}. */
    private static String under(Entity owner, Entity child) {
        return byId(owner) + "/" + child.collection();
    }

    private static String linkPath(Entity.Link link) {
        return under(link.owner(), link.target()) + "/{" + link.target().keyName() + "Id}";
    }

    private static String tagPath(Entity entity) {
        return byId(entity) + "/tags/{tag}";
    }
}
