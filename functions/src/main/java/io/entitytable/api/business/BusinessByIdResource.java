package io.entitytable.api.business;

import io.entitytable.api.business.BusinessRequests.PatchBusiness;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.order.OrderFilters;
import io.entitytable.api.order.OrderService;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.BusinessResponse;
import io.entitytable.api.response.OrderResponse;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.api.web.Responses;
import io.entitytable.model.Business;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /businesses/{id}}: a business by id (pattern 1), everything under it (pattern 2), its orders (pattern 4), its changes, its deletion
 * once it owns nothing, its tags.
 */
@Singleton
@Path("businesses/{id}")
@Tag(name = "Businesses")
public class BusinessByIdResource extends RemovableSubjectResource<Business, BusinessResponse, PatchBusiness> {
    private final BusinessService businesses;
    private final OrderService orders;

    BusinessByIdResource(BusinessService businesses, OrderService orders, TagService tags) {
        super(Entity.BUSINESS, businesses::get, businesses::patch, businesses::delete, BusinessResponse::from, tags);
        this.businesses = businesses;
        this.orders = orders;
    }

    @GET
    @Path("items")
    public Page<SubjectResponse> items(@PathParam("id") String id, @BeanParam PageParams page) {
        Inputs.id("id", id);
        return Responses.page(businesses.items(id, page.parse()), SubjectResponse::from);
    }

    @GET
    @Path("orders")
    @Tag(name = "Orders")
    public Page<OrderResponse> orders(
            @PathParam("id") String id, @BeanParam OrderFilters filters, @BeanParam PageParams page) {
        return Responses.page(orders.ofBusiness(filters.parse(id, page)), OrderResponse::from);
    }
}
