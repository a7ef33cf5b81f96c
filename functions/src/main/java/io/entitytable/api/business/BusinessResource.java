package io.entitytable.api.business;

import io.entitytable.api.response.BusinessResponse;
import io.entitytable.api.web.Responses;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
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

    @POST
    public RestResponse<BusinessResponse> create(@NotNull @Valid BusinessRequests.CreateBusiness request) {
        return Responses.created(BusinessResponse.from(businesses.create(request)));
    }
}
