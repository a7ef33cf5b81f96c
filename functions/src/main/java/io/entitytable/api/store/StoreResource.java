package io.entitytable.api.store;

import io.entitytable.api.paging.Page;
import io.entitytable.api.subject.Inputs;
import io.entitytable.api.subject.Responses;
import io.entitytable.api.subject.Subjects;
import io.entitytable.model.Entity;
import io.entitytable.model.Store;
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
@Tag(name = "Stores")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class StoreResource {
    private final StoreService stores;
    private final Subjects subjects;

    public StoreResource(StoreService stores, Subjects subjects) {
        this.stores = stores;
        this.subjects = subjects;
    }

    @POST
    @Path("businesses/{id}/stores")
    @Operation(summary = "Create a store of a business")
    public RestResponse<Store> create(
            @PathParam("id") String businessId, @NotNull @Valid StoreRequests.CreateStore request) {
        return Responses.created(stores.create(businessId, request));
    }

    @GET
    @Path("businesses/{id}/stores")
    @Operation(summary = "Stores of a business by location: country, state, city, zip (pattern 5)")
    public Page<Store> byLocation(
            @PathParam("id") String businessId,
            @QueryParam("country") String country,
            @QueryParam("state") String state,
            @QueryParam("city") String city,
            @QueryParam("zip") String zip,
            @QueryParam("limit") String limit,
            @QueryParam("next") String next) {
        return stores.byLocation(businessId, country, state, city, zip, limit, next);
    }

    @GET
    @Path("stores/{id}")
    @Operation(summary = "A store by id")
    public RestResponse<Store> get(@PathParam("id") String id) {
        return Responses.ok(stores.get(id));
    }

    @PATCH
    @Path("stores/{id}")
    @Operation(summary = "Change a store; a new name is a key change done in one transaction")
    public RestResponse<Store> patch(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @NotNull @Valid StoreRequests.PatchStore patch) {
        return Responses.ok(stores.patch(id, Inputs.ifMatch(ifMatch), patch));
    }

    @DELETE
    @Path("stores/{id}")
    @Operation(summary = "Delete a store; 409 while customers link it, unless unlink=true")
    public RestResponse<Void> delete(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @QueryParam("unlink") String unlink) {
        if (unlink != null && !unlink.equals("true") && !unlink.equals("false")) {
            throw io.entitytable.api.error.ApiProblem.invalid("unlink", "must be true or false");
        }
        stores.delete(id, Inputs.ifMatch(ifMatch), "true".equals(unlink));
        return RestResponse.noContent();
    }

    @PUT
    @Path("stores/{id}/tags/{tag}")
    @Operation(summary = "Tag a store")
    public RestResponse<Void> tag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.STORE, id, tag, true));
    }

    @DELETE
    @Path("stores/{id}/tags/{tag}")
    @Operation(summary = "Untag a store")
    public RestResponse<Void> untag(@PathParam("id") String id, @PathParam("tag") String tag) {
        return Responses.noContent(subjects.tag(Entity.STORE, id, tag, false));
    }
}
