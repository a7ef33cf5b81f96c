package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.input.TimeRange;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.FieldList;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import org.jboss.resteasy.reactive.RestResponse;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

/**
 * {@code /businesses/{id}/<collection>} of one entity declared by its fields: a new subject of the business, as every
 * collection of children creates one, and its subjects by their sort field. The business's resource locates it
 * ({@code {collection}}): a root resource of its own at {@code businesses/{id}/{collection}} would out-match the
 * business's other sub-paths ({@code tags/{tag}}), and JAX-RS does not go back to the next root once one matched.
 *
 * <p>Of an entity that is a child of another subject ({@link Entity#parent}), the create is {@code POST
 * /<parents>/{id}/<collection>} instead, which the parent's resource serves: a new child of that parent.
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DeclaredCollection {
    private final IdempotentRequests idempotent;
    private final DeclaredService service;
    private final Entity entity;
    /** A child is made under a parent subject rather than under the business. */
    private final boolean ofParent;

    public DeclaredCollection(IdempotentRequests idempotent, DeclaredService service, boolean ofParent) {
        this.idempotent = idempotent;
        this.service = service;
        this.entity = service.entity();
        this.ofParent = ofParent;
    }

    /**
     * A new subject of the parent {@code parentId}: a 201 with its URL as the Location and its version as the ETag,
     * recorded under the request's {@code Idempotency-Key} when it has one.
     */
    @POST
    public RestResponse<DeclaredResponse> create(
            @PathParam("id") String parentId,
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @Context UriInfo uri,
            @NotNull @Valid Map<String, Object> request) {
        return idempotent.created(idempotencyKey, uri, request, DeclaredResponse::from, recorder -> {
            if (!ofParent) {
                service.requireMadeUnderBusiness();
            }
            DeclaredBody created = DeclaredBody.ofNew(entity, request);
            return ofParent
                    ? service.createUnderParent(parentId, created.values(), created.tags(), recorder)
                    : service.create(parentId, created.values(), created.tags(), recorder);
        });
    }

    /**
     * {@code namePrefix}: the start of the name its sort fields make, in any letter case; absent, every subject. For an
     * entity sorted by creation time, {@code from} and {@code to} instead: the subjects created in that range, and of
     * one grouped by a field ({@link Entity#groupField}), that field's value under its name: those that hold it. Or,
     * for an entity listed by fields ({@link FieldList}), the values of its levels from the first, each under its
     * field's name: the subjects that hold them. Or, for an entity findable by a field ({@link Entity#lookupField}), that field's value
     * under its name: the subjects that hold it, in any letter case. Any of these lists also takes the entity's filters
     * ({@link FilterParameters}), which narrow what its Queries answer.
     */
    @GET
    public Page<DeclaredResponse> list(
            @PathParam("id") String businessId,
            @Context UriInfo uri,
            @QueryParam(FieldList.NAME_PREFIX) String prefix,
            @BeanParam PageParams page) {
        MultivaluedMap<String, String> parameters = uri.getQueryParameters();
        Optional<String> copiedUnder = skuAsked(parameters);
        if (copiedUnder.isPresent()) {
            return list(businessId, page, (id, request) -> service.listBySku(id, copiedUnder.get(), request));
        }
        Expression filter = FilterParameters.asked(entity, parameters);
        Optional<String> value = entity.lookupField().flatMap(field -> valueAsked(field, parameters));
        if (value.isPresent()) {
            if (prefix != null) {
                throw ApiProblem.badParameter(
                        entity.lookupField().orElseThrow().name(), "cannot be combined with " + FieldList.NAME_PREFIX);
            }
            return list(businessId, page, (id, request) -> service.findBy(id, value.get(), filter, request));
        }
        List<String> levels =
                entity.fieldList().map(list -> levelsAsked(list, parameters)).orElse(List.of());
        if (!levels.isEmpty()) {
            if (prefix != null) {
                throw ApiProblem.badParameter(
                        FieldList.NAME_PREFIX, "lists by name, not together with the levels of a list");
            }
            return list(businessId, page, (id, request) -> service.listByFields(id, levels, filter, request));
        }
        if (entity.isSortedByCreation()) {
            if (prefix != null) {
                throw ApiProblem.badParameter(
                        FieldList.NAME_PREFIX,
                        "the " + entity.collection() + " are listed by creation time: ask for a range with "
                                + TimeRange.FROM + " and " + TimeRange.TO);
            }
            TimeRange range = TimeRange.parse(parameters.getFirst(TimeRange.FROM), parameters.getFirst(TimeRange.TO));
            Optional<String> group = entity.groupField().flatMap(field -> valueAsked(field, parameters));
            if (group.isPresent()) {
                return list(
                        businessId,
                        page,
                        (id, request) -> service.listInGroup(id, group.get(), range, filter, request));
            }
            Predicate<DeclaredItem> matching = FilterParameters.test(entity, parameters);
            return Responses.pageOf(
                    businessId,
                    page,
                    (id, request) -> service.listByTime(id, range, filter, matching, request),
                    DeclaredService.Found::response);
        }
        if (prefix != null
                && (prefix.length() > entity.longestName()
                        || !Patterns.TEXT_SHAPE.matcher(prefix).matches())) {
            throw ApiProblem.badParameter(
                    FieldList.NAME_PREFIX,
                    "must be at most " + entity.longestName() + " characters and " + Patterns.TEXT_MESSAGE);
        }
        return list(businessId, page, (id, request) -> service.list(id, prefix == null ? "" : prefix, filter, request));
    }

    /**
     * One page of the business's subjects, each answered as the collection answers one: the business's id is checked,
     * then the page parameters, then {@code read} (with any filters of its own) reads the page.
     */
    private static Page<DeclaredResponse> list(
            String businessId, PageParams page, BiFunction<String, PageRequest, Page<DeclaredItem>> read) {
        return Responses.pageOf(businessId, page, read, DeclaredResponse::from);
    }

    /**
     * The SKU a request asks the subjects of, for an entity copied under each of its SKUs ({@link
     * Entity#isCopiedUnderEachSku}); empty when it asks none. The list is read from the copies (pattern 15), which no
     * other parameter narrows: a SKU stands alone, or the request is a 400, as is a SKU no subject could hold.
     */
    private Optional<String> skuAsked(MultivaluedMap<String, String> parameters) {
        if (!entity.isCopiedUnderEachSku() || !parameters.containsKey(Attributes.SKU)) {
            return Optional.empty();
        }
        Field sku = entity.field(Attributes.SKUS).orElseThrow().element();
        Optional<String> value = valueAsked(sku, parameters);
        List<String> others = parameters.keySet().stream()
                .filter(name -> !name.equals(Attributes.SKU) && !PageParams.NAMES.contains(name))
                .sorted()
                .toList();
        if (!others.isEmpty()) {
            throw ApiProblem.badParameter(Attributes.SKU, "cannot be combined with " + String.join(", ", others));
        }
        return value;
    }

    /**
     * The value a request gives of the field, trimmed; empty when it gives none. A value the field itself would refuse
     * (blank, too long or short, of the wrong shape: not an email address) is a 400, since no subject holds it.
     */
    static Optional<String> valueAsked(Field field, MultivaluedMap<String, String> parameters) {
        if (!parameters.containsKey(field.name())) {
            return Optional.empty();
        }
        String trimmed = Objects.requireNonNullElse(parameters.getFirst(field.name()), "")
                .trim();
        Optional<String> problem = trimmed.isEmpty() ? Optional.of("must not be blank") : field.problem(trimmed);
        if (problem.isPresent()) {
            throw ApiProblem.badParameter(field.name(), problem.get());
        }
        return Optional.of(trimmed);
    }

    /**
     * The levels a request gives, from the first; a level given without every level above it is a 400, as is a value
     * longer than its field, or that holds the keys' separator or what no free text may. A blank value is a level not
     * given.
     */
    private static List<String> levelsAsked(FieldList list, MultivaluedMap<String, String> parameters) {
        List<String> asked = new ArrayList<>();
        String missing = null;
        for (FieldList.Level level : list.levels()) {
            String value = parameters.getFirst(level.parameter());
            if (value == null || value.isBlank()) {
                missing = missing == null ? level.parameter() : missing;
                continue;
            }
            if (missing != null) {
                throw ApiProblem.badParameter(
                        level.parameter(), "needs every level above it, " + missing + " first: " + names(list));
            }
            // Judged as a prefix is, not by the field's shape: the keys hold levels in capitals, so a value is found
            // in any letter case, and one that no subject could hold finds nothing.
            if (value.contains(FieldList.SEPARATOR)
                    || value.length() > level.field().max()
                    || !Patterns.TEXT_SHAPE.matcher(value).matches()) {
                throw ApiProblem.badParameter(
                        level.parameter(),
                        "must be at most " + level.field().max() + " characters, " + Patterns.TEXT_MESSAGE
                                + " and not hold '" + FieldList.SEPARATOR + "'");
            }
            asked.add(value.trim());
        }
        return asked;
    }

    private static String names(FieldList list) {
        return String.join(
                ", ", list.levels().stream().map(FieldList.Level::parameter).toList());
    }
}
