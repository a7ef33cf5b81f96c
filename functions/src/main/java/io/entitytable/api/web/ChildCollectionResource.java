package io.entitytable.api.web;

import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.response.SubjectResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The collection of a parent's children, {@code /<parents>/{id}/<children>}: a business's customers and stores, a
 * customer's orders. Every such collection creates a child the same way (201, its URL as the Location, its version as
 * the ETag, an optional {@code Idempotency-Key}), so that route lives here once; each collection's subclass names the
 * types, which the HTTP layer needs to read and document the body, and adds the list that reads the collection
 * through {@link #list}.
 *
 * @param <C> the create body
 * @param <M> the child's model
 * @param <R> the child's response type
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public abstract class ChildCollectionResource<C, M, R extends SubjectResponse> {
    private final IdempotentRequests idempotent;
    private final Creator<C, M> create;
    private final Function<M, R> response;

    /** Makes the child of a parent from a create body, passing it to {@code recorder} before it is written. */
    @FunctionalInterface
    protected interface Creator<C, M> {
        M create(String parentId, C request, AnswerRecorder<M> recorder);
    }

    /** {@code create} makes the child of the parent with the given id, {@code response} answers it. */
    protected ChildCollectionResource(IdempotentRequests idempotent, Creator<C, M> create, Function<M, R> response) {
        this.idempotent = idempotent;
        this.create = create;
        this.response = response;
    }

    @POST
    public RestResponse<R> create(
            @PathParam("id") String parentId,
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @Context UriInfo uri,
            @NotNull @Valid C request) {
        return idempotent.created(
                idempotencyKey, uri, request, response, recorder -> create.create(parentId, request, recorder));
    }

    /**
     * One page of the parent's children, each answered as the collection answers a child: the parent's id is checked,
     * then the page parameters, then {@code read} (with any filters of its own) reads the page.
     */
    protected Page<R> list(String parentId, PageParams page, BiFunction<String, PageRequest, Page<M>> read) {
        return Responses.pageOf(parentId, page, read, response);
    }
}
