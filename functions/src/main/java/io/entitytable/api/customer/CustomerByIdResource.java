package io.entitytable.api.customer;

import io.entitytable.api.copies.CopyReads;
import io.entitytable.api.customer.CustomerRequests.PatchCustomer;
import io.entitytable.api.error.Problem;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.CustomerResponse;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Customer;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /customers/{id}}: a customer by id (pattern 6), its changes (a new name is a key change done in one
 * transaction), its deletion, its tags, and the stores it manages: a link or unlink changes its {@code storeIds}, and
 * the list reads the edges the fan-out writes from them (pattern 10), so a link shows there once it is copied.
 */
@Singleton
@Path("customers/{id}")
@Tag(name = "Customers")
public class CustomerByIdResource extends RemovableSubjectResource<Customer, CustomerResponse, PatchCustomer> {
    private final CustomerService customers;
    private final CopyReads copies;

    CustomerByIdResource(CustomerService customers, CopyReads copies, TagService tags) {
        super(Entity.CUSTOMER, customers::get, customers::patch, customers::delete, CustomerResponse::from, tags);
        this.customers = customers;
        this.copies = copies;
    }

    @GET
    @Path("stores")
    @Tag(name = "Relationships and tags")
    // A store is declared by its fields: its page's schema is the one the contract makes of its declaration.
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(ref = "PageStoreResponse")))
    public Page<DeclaredResponse> stores(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.pageOf(
                id,
                page,
                (customer, request) -> copies.targets(Entity.CUSTOMER, customer, request),
                store -> DeclaredResponse.from((DeclaredItem) store));
    }

    @PUT
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204, or a problem
    @Path("stores/{storeId}")
    public RestResponse<Void> link(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.link(id, storeId));
    }

    @DELETE
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204, or a problem
    @Path("stores/{storeId}")
    public RestResponse<Void> unlink(@PathParam("id") String id, @PathParam("storeId") String storeId) {
        return Responses.noContent(customers.unlink(id, storeId));
    }
}
