package io.entitytable.api.store;

import io.entitytable.api.paging.Page;
import io.entitytable.api.response.StoreResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

@Path("/")
@Tag(name = "Stores")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class StoreResource {
    @Inject
    StoreService stores;

    @Inject
    StoreByIdResource byId;

    @POST
    @Path("businesses/{id}/stores")
    public RestResponse<StoreResponse> create(
            @PathParam("id") String businessId, @NotNull @Valid StoreRequests.CreateStore request) {
        return Responses.created(StoreResponse.from(stores.create(businessId, request)));
    }

    @GET
    @Path("businesses/{id}/stores")
    public Page<StoreResponse> byLocation(
            @PathParam("id") String businessId, @BeanParam StoreLocation location, @BeanParam PageParams page) {
        return Responses.page(stores.byLocation(businessId, location, page.limit(), page.next()), StoreResponse::from);
    }

    @Path("stores/{id}")
    public StoreByIdResource byId() {
        return byId;
    }
}
