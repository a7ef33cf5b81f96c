package io.entitytable.api.store;

import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The stores' routes: each path binds to the resource that serves it. */
@Path("/")
@Tag(name = "Stores")
public class StoreResource {
    @Inject
    BusinessStoresResource ofBusiness;

    @Inject
    StoreByIdResource byId;

    @Path("businesses/{id}/stores")
    public BusinessStoresResource ofBusiness() {
        return ofBusiness;
    }

    @Path("stores/{id}")
    public StoreByIdResource byId() {
        return byId;
    }
}
