package io.entitytable.api.declared;

import io.entitytable.api.error.Problem;
import io.entitytable.api.web.Responses;
import io.entitytable.model.DeclaredItem;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.function.Supplier;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code /<collection>/{id}/<targets>/{targetId}}: the link of one subject to one it may link, as {@link
 * DeclaredSubjectResource} locates it. The fan-out writes or deletes the pair of edges after the change.
 */
@Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204, or a problem
public class LinkResource {
    private final Supplier<DeclaredItem> link;
    private final Supplier<DeclaredItem> unlink;

    LinkResource(DeclaredService owner, String id, String targetId) {
        this.link = () -> owner.link(id, targetId);
        this.unlink = () -> owner.unlink(id, targetId);
    }

    /** Links them, counted on the target; linking what it links already changes nothing. 204. */
    @PUT
    public RestResponse<Void> link() {
        return Responses.noContent(link.get());
    }

    /** Unlinks them, uncounted on the target; 204 whether or not it was linked. */
    @DELETE
    public RestResponse<Void> unlink() {
        return Responses.noContent(unlink.get());
    }
}
