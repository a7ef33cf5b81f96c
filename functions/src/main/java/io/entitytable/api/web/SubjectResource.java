package io.entitytable.api.web;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.tag.TagResource;
import io.entitytable.api.tag.TagService;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The routes of one subject, {@code /<collection>/{id}}: read it, change it, and its tags. Each entity's by-id
 * resource extends it with its path and its types (which the HTTP layer needs to read the patch body and to document
 * it), so the collections share these routes rather than copy them.
 *
 * @param <M> the entity's model, as its service reads and writes it
 * @param <R> the entity's response type
 * @param <P> the entity's patch body
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public abstract class SubjectResource<M extends CoreItem, R extends SubjectResponse, P extends Record> {
    private final Entity entity;
    private final Function<String, M> read;
    private final Change<M, P> change;
    private final Function<M, R> response;
    private final TagResource tags;

    /** A service's {@code patch(id, ifMatch, patch)}. */
    @FunctionalInterface
    public interface Change<M, P> {
        M apply(String id, Long ifMatch, P patch);
    }

    protected SubjectResource(
            Entity entity, Function<String, M> read, Change<M, P> change, Function<M, R> response, TagService tags) {
        this.entity = entity;
        this.read = read;
        this.change = change;
        this.response = response;
        this.tags = new TagResource(entity, tags);
    }

    @GET
    public RestResponse<R> get(@PathParam("id") String id) {
        return Responses.ok(response.apply(read.apply(id)));
    }

    @PATCH
    public RestResponse<R> patch(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, @NotNull @Valid P patch) {
        return Responses.ok(response.apply(change.apply(id, Inputs.ifMatch(ifMatch), patch)));
    }

    @Path("tags/{tag}")
    public TagResource tags() {
        return tags;
    }
}
