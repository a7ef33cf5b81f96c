package io.entitytable.api.copies;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /businesses/{id}/tagged}: the business's subjects (itself, its customers, stores and orders) carrying a tag, or
 * several (patterns 12 and 13), read from the tag copies the fan-out keeps in the business's tag partitions. A subject
 * read from a copy has the same shape as one read from its own item, less its index attributes ({@code businessId}).
 */
@Singleton
@Path("businesses/{id}/tagged")
@Tag(name = "Relationships and tags")
@Produces(MediaType.APPLICATION_JSON)
public class TaggedResource {
    @Inject
    CopyReads copies;

    @GET
    @Path("{tag}")
    public Page<SubjectResponse> tagged(
            @PathParam("id") String businessId,
            @PathParam("tag") String tag,
            @QueryParam("type") String type,
            @BeanParam PageParams page) {
        Inputs.id("id", businessId);
        return Responses.page(
                copies.tagged(businessId, Inputs.tag(tag), TagQuery.entityType(type), page.parse()),
                DeclaredResponse::from);
    }

    @GET
    public Page<SubjectResponse> taggedWithSeveral(
            @PathParam("id") String businessId, @BeanParam TagQuery query, @BeanParam PageParams page) {
        Inputs.id("id", businessId);
        return Responses.page(
                copies.taggedWithSeveral(businessId, query.parse(), page.parse()), DeclaredResponse::from);
    }
}
