package io.entitytable.api.copies;

import io.entitytable.api.paging.Page;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.response.StoreResponse;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Reads answered from the duplicated edge and tag items that the stream fan-out keeps in sync. A subject read from a
 * copy has the same shape as one read from its own item, less its index attributes ({@code businessId}).
 */
@Path("/")
@Tag(name = "Relationships and tags")
@Produces(MediaType.APPLICATION_JSON)
public class CopyResource {
    @Inject
    CopyReads copies;

    @GET
    @Path("customers/{id}/stores")
    public Page<StoreResponse> storesOfCustomer(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.page(copies.storesOfCustomer(id, page.limit(), page.next()), StoreResponse::from);
    }

    @GET
    @Path("stores/{id}/customers")
    public Page<CustomerResponse> customersOfStore(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.page(copies.customersOfStore(id, page.limit(), page.next()), CustomerResponse::from);
    }

    @GET
    @Path("tags/{tag}")
    public Page<SubjectResponse> tagged(
            @PathParam("tag") String tag, @QueryParam("type") String type, @BeanParam PageParams page) {
        return Responses.page(copies.tagged(tag, type, page.limit(), page.next()), SubjectResponse::from);
    }

    @GET
    @Path("tags")
    public Page<SubjectResponse> taggedWithSeveral(@BeanParam TagQuery query, @BeanParam PageParams page) {
        return Responses.page(copies.taggedWithSeveral(query, page.limit(), page.next()), SubjectResponse::from);
    }
}
