package io.entitytable.api.declared;

import io.entitytable.api.error.Problem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.tag.TagResource;
import io.entitytable.api.web.Responses;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /<collection>/{id}} of every entity declared by its fields: read a subject, change it, delete it, and its
 * tags. The collections with resources of their own match their literal paths first, so this serves only the others.
 */
@Singleton
@Path("{collection}/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DeclaredSubjectResource {
    private final DeclaredSubjects subjects;

    DeclaredSubjectResource(DeclaredSubjects subjects) {
        this.subjects = subjects;
    }

    @GET
    @Operation(hidden = true)
    public RestResponse<DeclaredResponse> get(@PathParam("collection") String collection, @PathParam("id") String id) {
        return Responses.ok(DeclaredResponse.from(subjects.service(collection).get(id)));
    }

    @PATCH
    @Operation(hidden = true)
    public RestResponse<DeclaredResponse> patch(
            @PathParam("collection") String collection,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            Map<String, Object> body) {
        DeclaredService service = subjects.service(collection);
        DeclaredBody change = DeclaredBody.ofChange(subjects.entity(collection), body);
        return Responses.ok(DeclaredResponse.from(service.patch(id, Inputs.ifMatch(ifMatch), change.values())));
    }

    @DELETE
    @Operation(hidden = true)
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204, or a problem
    public RestResponse<Void> delete(
            @PathParam("collection") String collection,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        subjects.service(collection).delete(id, Inputs.ifMatch(ifMatch));
        return RestResponse.noContent();
    }

    @Path("tags/{tag}")
    @Operation(hidden = true)
    public TagResource tags(@PathParam("collection") String collection) {
        return subjects.tags(collection);
    }
}
