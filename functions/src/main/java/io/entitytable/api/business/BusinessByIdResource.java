package io.entitytable.api.business;

import io.entitytable.api.business.BusinessRequests.PatchBusiness;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.BusinessResponse;
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

/**
 * {@code /businesses/{id}}: a business by id (pattern 1), everything under it (pattern 2), its changes, its deletion
 * once it owns nothing, its tags.
 */
@Singleton
public class BusinessByIdResource extends RemovableSubjectResource<Business, BusinessResponse, PatchBusiness> {
    private final BusinessService businesses;

    BusinessByIdResource(BusinessService businesses, TagService tags) {
        super(Entity.BUSINESS, businesses::get, businesses::patch, businesses::delete, BusinessResponse::from, tags);
        this.businesses = businesses;
    }

    @GET
    @Path("items")
    public Page<SubjectResponse> items(@PathParam("id") String id, @BeanParam PageParams page) {
        return Responses.page(businesses.items(id, page.limit(), page.next()), SubjectResponse::from);
    }
}
