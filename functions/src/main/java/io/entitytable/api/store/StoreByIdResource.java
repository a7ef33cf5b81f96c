package io.entitytable.api.store;

import io.entitytable.api.copies.CopyReads;
import io.entitytable.api.error.Problem;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.response.StoreJobResponse;
import io.entitytable.api.response.StoreResponse;
import io.entitytable.api.store.StoreRequests.PatchStore;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.api.web.SubjectResource;
import io.entitytable.model.Entity;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Store;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /stores/{id}}: a store by id, its changes (a new name is a key change done in one transaction, a new address
 * moves it in the location index), its tags, its deletion (with {@code unlink=true}, a 202 and a job that removes it
 * from the customers that manage it), that job, and those customers, read from the edges
 * the fan-out keeps (pattern 11).
 */
@Singleton
@Path("stores/{id}")
@Tag(name = "Stores")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class StoreByIdResource extends SubjectResource<Store, StoreResponse, PatchStore> {
    private final StoreService stores;
    private final CopyReads copies;
    private final IdempotentRequests idempotent;

    StoreByIdResource(StoreService stores, CopyReads copies, TagService tags, IdempotentRequests idempotent) {
        super(Entity.STORE, stores::get, stores::patch, StoreResponse::from, tags);
        this.stores = stores;
        this.copies = copies;
        this.idempotent = idempotent;
    }

    @GET
    @Path("customers")
    @Tag(name = "Relationships and tags")
    public Page<CustomerResponse> customers(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.pageOf(id, page, copies::customersOfStore, CustomerResponse::from);
    }

    @DELETE
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204 or 202, or a problem
    public RestResponse<StoreJobResponse> delete(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @HeaderParam(IdempotencyKeys.HEADER) String idempotencyKey,
            @QueryParam("unlink") String unlink,
            @Context UriInfo uri) {
        boolean withLinks = Inputs.flag("unlink", unlink);
        return deleteStartingJob(
                idempotent,
                id,
                idempotencyKey,
                uri,
                stores.now(),
                recorder -> stores.delete(id, Inputs.ifMatch(ifMatch), withLinks, recorder),
                (RefreshJob job, Instant now) -> StoreJobResponse.from(id, job, now));
    }

    @GET
    @Path("job")
    public RestResponse<StoreJobResponse> job(@PathParam("id") String id) {
        return RestResponse.ok(StoreJobResponse.from(id, stores.job(id), stores.now()));
    }
}
