package io.entitytable.api.business;

import io.entitytable.api.paging.Page;
import io.entitytable.api.subject.Inputs;
import io.entitytable.api.subject.Responses;
import io.entitytable.api.subject.Subjects;
import io.entitytable.model.Business;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

@Path("/")
@Tag(name = "Businesses")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BusinessResource {
    private final BusinessService businesses;
    private final Subjects subjects;

    public BusinessResource(BusinessService businesses, Subjects subjects) {
        this.businesses = businesses;
        this.subjects = subjects;
    }

    @POST
    @Path("businesses")
    @Operation(summary = "Create a business")
    public RestResponse<Business> create(@NotNull @Valid BusinessRequests.CreateBusiness request) {
        return Responses.created(businesses.create(request));
    }

    @GET
    @Path("businesses/{id}")
    @Operation(summary = "A business by id (pattern 1)")
    public RestResponse<Business> get(@PathParam("id") String id) {
        return Responses.ok(businesses.get(id));
    }

    @PATCH
    @Path("businesses/{id}")
    @Operation(summary = "Change a business; If-Match guards against lost updates")
    public RestResponse<Business> patch(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @NotNull @Valid BusinessRequests.PatchBusiness patch) {
        return Responses.ok(businesses.patch(id, Inputs.ifMatch(ifMatch), patch));
    }

    @DELETE
    @Path("businesses/{id}")
    @Operation(summary = "Delete a business that owns nothing any more")
    public RestResponse<Void> delete(@PathParam("id") String id, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        businesses.delete(id, Inputs.ifMatch(ifMatch));
        return RestResponse.noContent();
    }

    @GET
    @Path("businesses/{id}/items")
    @Operation(summary = "A business with everything under it (pattern 2)")
    public Page<CoreItem> items(
            @PathParam("id") String id, @QueryParam("limit") String limit, @QueryParam("next") String next) {
        return businesses.items(id, limit, next);
    }

    @PUT
    @Path("businesses/{id}/tags/{tag}")
    @Operation(summary = "Tag a business")
    public RestResponse<Void> tag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.BUSINESS, id, tag, true));
    }

    @DELETE
    @Path("businesses/{id}/tags/{tag}")
    @Operation(summary = "Untag a business")
    public RestResponse<Void> untag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.BUSINESS, id, tag, false));
    }
}
