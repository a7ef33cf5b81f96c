package io.entitytable.api.business;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.api.declared.DeclaredBody;
import io.entitytable.api.declared.DeclaredCollection;
import io.entitytable.api.declared.DeclaredService;
import io.entitytable.api.declared.DeclaredSubjects;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.error.Problem;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.CapacityResponse;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.response.EraseJobResponse;
import io.entitytable.api.response.RetentionResponse;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.tag.TagResource;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ShardCount;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /businesses/{id}}: a business by id (pattern 1), everything under it (pattern 2), its orders (pattern 4), its
 * changes, its tags, its deletion once it owns nothing, and its erase with everything it owns ({@code cascade=true}: a
 * 202 and a job that deletes its children, then the business) with that job.
 */
@Singleton
@Path("businesses/{id}")
@Tag(name = "Businesses")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BusinessByIdResource {
    private final BusinessService businesses;
    private final IdempotentRequests idempotent;
    private final DeclaredSubjects declared;
    private final RetentionService retention;
    private final DeclaredService business;
    private final TagResource tags;

    BusinessByIdResource(
            BusinessService businesses,
            TagService tags,
            IdempotentRequests idempotent,
            DeclaredSubjects declared,
            RetentionService retention) {
        this.business = declared.service(Entity.BUSINESS);
        this.tags = new TagResource(Entity.BUSINESS, tags);
        this.businesses = businesses;
        this.idempotent = idempotent;
        this.declared = declared;
        this.retention = retention;
    }

    /** The answer is named for the document, which makes its schema from the declaration. */
    @GET
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(ref = "Business")))
    public RestResponse<DeclaredResponse> get(@PathParam("id") String id) {
        return Responses.ok(DeclaredResponse.from(business.get(id)));
    }

    /** The body and the answer are named for the document, as {@link #get}'s is. */
    @PATCH
    @RequestBody(content = @Content(schema = @Schema(ref = "PatchBusiness")))
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(ref = "Business")))
    public RestResponse<DeclaredResponse> patch(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, Map<String, Object> body) {
        DeclaredBody change = DeclaredBody.ofChange(Entity.BUSINESS, body);
        return Responses.ok(DeclaredResponse.from(business.patch(id, Inputs.ifMatch(ifMatch), change.values())));
    }

    @Path("tags/{tag}")
    public TagResource tags() {
        return tags;
    }

    @GET
    @Path("items")
    public Page<SubjectResponse> items(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.pageOf(id, page, businesses::items, DeclaredResponse::from);
    }

    @DELETE
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204 or 202, or a problem
    public RestResponse<EraseJobResponse> delete(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @QueryParam("cascade") String cascade,
            @Context UriInfo uri) {
        boolean erase = Inputs.flag("cascade", cascade);
        Instant now = businesses.now();
        return idempotent.<EraseJob, EraseJobResponse>deleteStartingJob(
                idempotencyKey,
                uri,
                UriBuilder.fromPath("/" + Entity.BUSINESS.collection() + "/{id}/job")
                        .build(id),
                recorder -> businesses.delete(id, Inputs.ifMatch(ifMatch), erase, recorder),
                job -> EraseJobResponse.from(job, now));
    }

    @GET
    @Path("job")
    public RestResponse<EraseJobResponse> job(@PathParam("id") String id) {
        return RestResponse.ok(EraseJobResponse.from(businesses.job(id), businesses.now()));
    }

    @GET
    @Path("capacity")
    public CapacityResponse capacity(@PathParam("id") String id) {
        return CapacityResponse.from(id, businesses.capacity(id), businesses.now());
    }

    /** The collections of the business's children of entities declared by their fields ({@link DeclaredCollection}). */
    @Path("{collection}")
    @Operation(hidden = true)
    public DeclaredCollection declared(@PathParam("collection") String collection) {
        return new DeclaredCollection(idempotent, declared.service(collection), false);
    }

    @GET
    @Path("retention")
    public RetentionResponse retention(@PathParam("id") String id) {
        return RetentionResponse.from(id, retention.get(id));
    }

    @PUT
    @Path("retention")
    public RetentionResponse setRetention(
            @PathParam("id") String id,
            @RequestBody(content = @Content(schema = @Schema(ref = "Retention"))) JsonNode body) {
        return RetentionResponse.from(id, retention.set(id, body));
    }

    @PUT
    @Path("capacity")
    public CapacityResponse grow(@PathParam("id") String id, SetCapacity request) {
        if (request == null) {
            throw ApiProblem.invalid("shards", "required: an integer from 1 to " + ShardCount.MAX);
        }
        return CapacityResponse.from(id, businesses.grow(id, request.shards()), businesses.now());
    }
}
