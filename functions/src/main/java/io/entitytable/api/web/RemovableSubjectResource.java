package io.entitytable.api.web;

import io.entitytable.api.error.Problem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.tag.TagService;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/** {@link SubjectResource} with a delete that takes nothing but {@code If-Match}. */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public abstract class RemovableSubjectResource<M extends CoreItem, R extends SubjectResponse, P extends Record>
        extends SubjectResource<M, R, P> {
    private final Removal removal;

    /** A service's {@code delete(id, ifMatch)}. */
    @FunctionalInterface
    public interface Removal {
        void apply(String id, Long ifMatch);
    }

    protected RemovableSubjectResource(
            Entity entity,
            Function<String, M> read,
            Change<M, P> change,
            Removal removal,
            Function<M, R> response,
            TagService tags) {
        super(entity, read, change, response, tags);
        this.removal = removal;
    }

    @DELETE
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE}) // 204, or a problem
    public RestResponse<Void> delete(@PathParam("id") String id, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        removal.apply(id, Inputs.ifMatch(ifMatch));
        return RestResponse.noContent();
    }
}
