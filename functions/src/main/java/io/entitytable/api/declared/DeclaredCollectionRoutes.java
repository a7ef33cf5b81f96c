package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /businesses/{id}/<collection>} of every entity declared by its fields: a new subject of the business, and its
 * subjects by their sort field. The business's resource routes these to here: a root resource of its own at {@code
 * businesses/{id}/{collection}} would out-match the business's other sub-paths ({@code tags/{tag}}), and JAX-RS does
 * not go back to the next root once one matched.
 */
@Singleton
public class DeclaredCollectionRoutes {
    private final DeclaredSubjects subjects;
    private final IdempotentRequests idempotent;

    DeclaredCollectionRoutes(DeclaredSubjects subjects, IdempotentRequests idempotent) {
        this.subjects = subjects;
        this.idempotent = idempotent;
    }

    public RestResponse<DeclaredResponse> create(
            String businessId, String collection, String idempotencyKey, UriInfo uri, Map<String, Object> body) {
        Entity entity = subjects.entity(collection);
        DeclaredBody created = DeclaredBody.ofNew(entity, body);
        DeclaredService service = subjects.service(collection);
        return idempotent.created(
                idempotencyKey,
                uri,
                body,
                DeclaredResponse::from,
                recorder -> service.create(businessId, created.values(), created.tags(), recorder));
    }

    /** {@code prefix}: the start of the sort field's value, in any letter case; absent, every subject. */
    public Page<DeclaredResponse> list(String businessId, String collection, String prefix, PageParams page) {
        DeclaredService service = subjects.service(collection);
        if (prefix != null
                && (prefix.length() > Field.DEFAULT_MAX_LENGTH
                        || !Patterns.TEXT_SHAPE.matcher(prefix).matches())) {
            throw ApiProblem.badParameter(
                    "prefix",
                    "must be at most " + Field.DEFAULT_MAX_LENGTH + " characters and " + Patterns.TEXT_MESSAGE);
        }
        return Responses.pageOf(
                businessId,
                page,
                (id, request) -> service.list(id, prefix == null ? "" : prefix, request),
                DeclaredResponse::from);
    }
}
