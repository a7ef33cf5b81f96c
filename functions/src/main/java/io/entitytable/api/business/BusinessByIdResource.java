package io.entitytable.api.business;

import io.entitytable.api.business.BusinessRequests.PatchBusiness;
import io.entitytable.api.response.BusinessResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.api.web.RemovableSubjectResource;
import io.entitytable.model.Business;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;

/** {@code /businesses/{id}}: a business by id (pattern 1), its changes, its deletion once it owns nothing, its tags. */
@Singleton
public class BusinessByIdResource extends RemovableSubjectResource<Business, BusinessResponse, PatchBusiness> {
    BusinessByIdResource(BusinessService businesses, TagService tags) {
        super(Entity.BUSINESS, businesses::get, businesses::patch, businesses::delete, BusinessResponse::from, tags);
    }
}
