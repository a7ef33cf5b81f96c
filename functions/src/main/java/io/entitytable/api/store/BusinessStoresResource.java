package io.entitytable.api.store;

import io.entitytable.api.idempotency.IdempotentRequests;
import io.entitytable.api.paging.Page;
import io.entitytable.api.response.StoreResponse;
import io.entitytable.api.store.StoreRequests.CreateStore;
import io.entitytable.api.web.ChildCollectionResource;
import io.entitytable.api.web.PageParams;
import io.entitytable.model.Store;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /businesses/{id}/stores}: a new store of the business, and its stores by location (pattern 5). */
@Singleton
@Path("businesses/{id}/stores")
@Tag(name = "Stores")
public class BusinessStoresResource extends ChildCollectionResource<CreateStore, Store, StoreResponse> {
    private final StoreService stores;

    BusinessStoresResource(StoreService stores, IdempotentRequests idempotent) {
        super(idempotent, stores::create, StoreResponse::from);
        this.stores = stores;
    }

    @GET
    public Page<StoreResponse> byLocation(
            @PathParam("id") String businessId, @BeanParam StoreLocation location, @BeanParam PageParams page) {
        return list(businessId, page, (id, request) -> stores.byLocation(id, location.checked(), request));
    }
}
