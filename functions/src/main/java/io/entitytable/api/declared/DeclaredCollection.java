package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.web.ChildCollectionResource;
import io.entitytable.api.web.PageParams;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.Map;

/**
 * {@code /businesses/{id}/<collection>} of one entity declared by its fields: a new subject of the business, as every
 * collection of children creates one, and its subjects by their sort field. The business's resource locates it
 * ({@code {collection}}): a root resource of its own at {@code businesses/{id}/{collection}} would out-match the
 * business's other sub-paths ({@code tags/{tag}}), and JAX-RS does not go back to the next root once one matched.
 */
public class DeclaredCollection extends ChildCollectionResource<Map<String, Object>, DeclaredItem, DeclaredResponse> {
    private final DeclaredService service;

    DeclaredCollection(IdempotentRequests idempotent, Entity entity, DeclaredService service) {
        super(
                idempotent,
                (businessId, body, recorder) -> {
                    DeclaredBody created = DeclaredBody.ofNew(entity, body);
                    return service.create(businessId, created.values(), created.tags(), recorder);
                },
                DeclaredResponse::from);
        this.service = service;
    }

    /** {@code prefix}: the start of the sort field's value, in any letter case; absent, every subject. */
    @GET
    public Page<DeclaredResponse> list(
            @PathParam("id") String businessId, @QueryParam("prefix") String prefix, @BeanParam PageParams page) {
        if (prefix != null
                && (prefix.length() > Field.DEFAULT_MAX_LENGTH
                        || !Patterns.TEXT_SHAPE.matcher(prefix).matches())) {
            throw ApiProblem.badParameter(
                    "prefix",
                    "must be at most " + Field.DEFAULT_MAX_LENGTH + " characters and " + Patterns.TEXT_MESSAGE);
        }
        return list(businessId, page, (id, request) -> service.list(id, prefix == null ? "" : prefix, request));
    }
}
