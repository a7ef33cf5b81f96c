package io.entitytable.api.business;

import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.response.BusinessResponse;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** {@code /businesses}: a new business. */
@Path("businesses")
@Tag(name = "Businesses")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BusinessResource {
    @Inject
    BusinessService businesses;

    @Inject
    IdempotentRequests idempotent;

    @POST
    public RestResponse<BusinessResponse> create(
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @Context UriInfo uri,
            @NotNull @Valid BusinessRequests.CreateBusiness request) {
        return idempotent.created(
                idempotencyKey, uri, request, BusinessResponse::from, recorder -> businesses.create(request, recorder));
    }
}
