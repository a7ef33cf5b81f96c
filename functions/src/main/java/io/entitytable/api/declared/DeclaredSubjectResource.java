package io.entitytable.api.declared;

import io.entitytable.api.copies.CopyReads;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.error.Problem;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.response.StoreJobResponse;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.tag.TagResource;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Entity;
import io.entitytable.model.RefreshJob;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
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
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /<collection>/{id}} of every entity declared by its fields: read a subject, change it, delete it, and its
 * tags; of one that links others (a customer), also its links and the subjects it links; of one that others link (a
 * store), also the job its delete with {@code unlink=true} starts and the subjects that link it. The collections with resources of their own match their literal paths first, so this serves only the others.
 */
// The routes here are hidden from the generator (DeclaredContract writes them per entity), so the job's answer, which
// only they return, is named for the document here.
@OpenAPIDefinition(
        info = @Info(title = "Entity Table API", version = "0.1.0"),
        components =
                @Components(schemas = @Schema(name = StoreJobResponse.SCHEMA, implementation = StoreJobResponse.class)))
@Singleton
@Path("{collection}/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DeclaredSubjectResource {
    @Inject
    DeclaredSubjects subjects;

    @Inject
    IdempotentRequests idempotent;

    @Inject
    CopyReads copies;

    @Inject
    TagService tags;

    @GET
    @Operation(hidden = true)
    public RestResponse<DeclaredResponse> get(@PathParam("collection") String collection, @PathParam("id") String id) {
        return Responses.ok(subjects.service(collection).read(id).response());
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
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204 or 202, or a problem
    public RestResponse<StoreJobResponse> delete(
            @PathParam("collection") String collection,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @QueryParam("unlink") String unlink,
            @Context UriInfo uri) {
        DeclaredService service = subjects.service(collection);
        boolean withLinks = Inputs.flag("unlink", unlink);
        Instant now = service.now();
        return idempotent.<RefreshJob, StoreJobResponse>deleteStartingJob(
                idempotencyKey,
                uri,
                UriBuilder.fromPath("/" + collection + "/{id}/job").build(id),
                recorder -> service.delete(id, Inputs.ifMatch(ifMatch), withLinks, recorder),
                job -> StoreJobResponse.from(id, job, now));
    }

    /** The job a delete with {@code unlink=true} started, of a subject that others link; a 404 for any other. */
    @GET
    @Path("job")
    @Operation(hidden = true)
    public RestResponse<StoreJobResponse> job(@PathParam("collection") String collection, @PathParam("id") String id) {
        DeclaredService service = subjects.linkTarget(collection, "job");
        return RestResponse.ok(StoreJobResponse.from(id, service.job(id), service.now()));
    }

    /**
     * The subject's children when {@code related} is the collection of an entity that is a child of its own ({@link
     * Entity#parent}: a customer's visits). Else the subjects on the other side of a link, read from the edges the
     * fan-out keeps in this one's partition: those it links when {@code related} is their collection (a customer's
     * stores), those that link it when it is theirs (a store's customers); any other is a 404.
     */
    @GET
    @Path("{related}")
    @Operation(hidden = true)
    public Page<? extends SubjectResponse> related(
            @PathParam("collection") String collection,
            @PathParam("id") String id,
            @PathParam("related") String related,
            @BeanParam PageParams page) {
        Optional<DeclaredService> children = subjects.children(collection, related);
        if (children.isPresent()) {
            return Responses.pageOf(id, page, children.get()::listOfParent, DeclaredService.Found::response);
        }
        Entity entity = subjects.entity(collection);
        if (entity.link()
                .filter(link -> link.target().collection().equals(related))
                .isPresent()) {
            return Responses.pageOf(
                    id, page, (subject, request) -> copies.targets(entity, subject, request), DeclaredResponse::from);
        }
        Entity target = subjects.linkTarget(collection, related).entity();
        if (!target.linkedBy().orElseThrow().owner().collection().equals(related)) {
            throw ApiProblem.notFound("collection", "/" + collection + "/{id}/" + related);
        }
        return Responses.pageOf(
                id, page, (subject, request) -> copies.owners(target, subject, request), DeclaredResponse::from);
    }

    /** A new child of the subject in {@code children}, the collection of an entity that is a child of its own. */
    @POST
    @Path("{children}")
    @Operation(hidden = true)
    public RestResponse<DeclaredResponse> createChild(
            @PathParam("collection") String collection,
            @PathParam("id") String id,
            @PathParam("children") String children,
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @Context UriInfo uri,
            @NotNull Map<String, Object> body) {
        DeclaredService service = subjects.children(collection, children)
                .orElseThrow(() -> ApiProblem.notFound("collection", "/" + collection + "/{id}/" + children));
        return new DeclaredCollection(idempotent, service, true).create(id, idempotencyKey, uri, body);
    }

    /**
     * One link of the subject to a subject of the collection {@code targets} ({@link Entity#link}: a customer's to a
     * store), which it links or unlinks; a 404 for a collection it does not link.
     */
    @Path("{targets}/{targetId}")
    @Operation(hidden = true)
    public LinkResource link(
            @PathParam("collection") String collection,
            @PathParam("id") String id,
            @PathParam("targets") String targets,
            @PathParam("targetId") String targetId) {
        return new LinkResource(subjects.linkOwner(collection, targets), id, targetId);
    }

    @Path("tags/{tag}")
    @Operation(hidden = true)
    public TagResource tags(@PathParam("collection") String collection) {
        return new TagResource(subjects.entity(collection), tags);
    }
}
