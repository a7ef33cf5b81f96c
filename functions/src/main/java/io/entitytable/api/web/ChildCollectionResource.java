package io.entitytable.api.web;

import io.entitytable.api.response.SubjectResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.function.BiFunction;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The collection of a parent's children, {@code /<parents>/{id}/<children>}: a business's customers and stores, a
 * customer's orders. Every such collection creates a child the same way (201, its URL as the Location, its version as
 * the ETag), so that route lives here once; each collection's subclass names the types, which the HTTP layer needs to
 * read and document the body, and adds the list that reads the collection.
 *
 * @param <C> the create body
 * @param <R> the child's response type
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public abstract class ChildCollectionResource<C extends Record, R extends SubjectResponse> {
    private final BiFunction<String, C, R> create;

    /** {@code create} makes the child of the parent with the given id and answers it as a response. */
    protected ChildCollectionResource(BiFunction<String, C, R> create) {
        this.create = create;
    }

    @POST
    public RestResponse<R> create(@PathParam("id") String parentId, @NotNull @Valid C request) {
        return Responses.created(create.apply(parentId, request));
    }
}
