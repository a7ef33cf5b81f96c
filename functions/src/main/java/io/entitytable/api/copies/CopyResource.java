package io.entitytable.api.copies;

import io.entitytable.api.paging.Page;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Customer;
import io.entitytable.model.Store;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Reads answered from the duplicated edge and tag items that the stream fan-out keeps in sync. */
@Path("/")
@Tag(name = "Relationships and tags")
@Produces(MediaType.APPLICATION_JSON)
public class CopyResource {
    private final CopyReads copies;

    public CopyResource(CopyReads copies) {
        this.copies = copies;
    }

    @GET
    @Path("customers/{id}/stores")
    @Operation(summary = "Stores a customer manages, with store data (pattern 10)")
    public Page<Store> storesOfCustomer(
            @PathParam("id") String id, @QueryParam("limit") String limit, @QueryParam("next") String next) {
        return copies.storesOfCustomer(id, limit, next);
    }

    @GET
    @Path("stores/{id}/customers")
    @Operation(summary = "Customers managing a store, with customer data (pattern 11)")
    public Page<Customer> customersOfStore(
            @PathParam("id") String id, @QueryParam("limit") String limit, @QueryParam("next") String next) {
        return copies.customersOfStore(id, limit, next);
    }

    @GET
    @Path("tags/{tag}")
    @Operation(summary = "Everything tagged t, optionally of one entity type (pattern 12)")
    public Page<CoreItem> tagged(
            @PathParam("tag") String tag,
            @QueryParam("type") String type,
            @QueryParam("limit") String limit,
            @QueryParam("next") String next) {
        return copies.tagged(tag, type, limit, next);
    }

    @GET
    @Path("tags")
    @Operation(summary = "Subjects with any or all of several tags (pattern 13)")
    public Page<CoreItem> taggedWithSeveral(
            @QueryParam("any") String any,
            @QueryParam("all") String all,
            @QueryParam("type") String type,
            @QueryParam("limit") String limit,
            @QueryParam("next") String next) {
        return copies.taggedWithSeveral(any, all, type, limit, next);
    }
}
