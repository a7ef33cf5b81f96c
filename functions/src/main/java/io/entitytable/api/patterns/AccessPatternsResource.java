package io.entitytable.api.patterns;

import io.entitytable.api.access.Access;
import io.entitytable.api.table.EntityTable;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /patterns}: the operators' view of the list access patterns, and of the index backfills that hold some of
 * them back (docs/design.md §2, "Adding an access pattern").
 */
@Singleton
@Path("patterns")
@Tag(name = "Operations")
@Produces(MediaType.APPLICATION_JSON)
public class AccessPatternsResource {
    @Inject
    EntityTable table;

    @Inject
    Access access;

    @GET
    public AccessPatternsResponse list() {
        access.requireOperator("read the access patterns' state");
        return AccessPatternsResponse.from(table.patterns().progressNow());
    }
}
