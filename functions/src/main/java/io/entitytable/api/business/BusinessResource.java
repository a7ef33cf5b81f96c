package io.entitytable.api.business;

import io.entitytable.api.declared.DeclaredBody;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.model.Entity;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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

    /** The body is read as its declaration says (the document's schema is made from it too). */
    @POST
    @RequestBody(content = @Content(schema = @Schema(ref = "CreateBusiness")))
    @APIResponse(responseCode = "201", content = @Content(schema = @Schema(ref = "Business")))
    public RestResponse<DeclaredResponse> create(
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @Context UriInfo uri,
            Map<String, Object> body) {
        return idempotent.created(idempotencyKey, uri, body, DeclaredResponse::from, recorder -> {
            DeclaredBody created = DeclaredBody.ofNew(Entity.BUSINESS, body);
            return businesses.create(created.values(), created.tags(), recorder);
        });
    }
}
