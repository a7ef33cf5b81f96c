package io.entitytable.api.tag;

import io.entitytable.api.error.Problem;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Entity;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code PUT} and {@code DELETE /<collection>/{id}/tags/{tag}}, bound to one entity: each subject's resource returns
 * its own instance from a sub-resource locator ({@code BusinessByIdResource.tags}, {@code DeclaredSubjectResource.tags}),
 * so every collection shares this one implementation.
 *
 * <p>Success is a 204 without a body and a failure is problem+json, so both are produced: a client that accepts only
 * problem+json (the one body the document lists for these operations) is served.
 */
@Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
@Consumes(MediaType.APPLICATION_JSON)
public class TagResource {
    private final Entity entity;
    private final TagService tags;

    public TagResource(Entity entity, TagService tags) {
        this.entity = entity;
        this.tags = tags;
    }

    @PUT
    public RestResponse<Void> tag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(tags.tag(entity, id, tag));
    }

    @DELETE
    public RestResponse<Void> untag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(tags.untag(entity, id, tag));
    }
}
