package io.entitytable.api.web;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.model.CoreItem;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/** Responses that carry a subject: always with its version as the ETag. */
public final class Responses {
    private Responses() {}

    public static <R extends SubjectResponse> RestResponse<R> ok(R subject) {
        return RestResponse.ResponseBuilder.ok(subject)
                .header(HttpHeaders.ETAG, Inputs.etag(subject.version()))
                .build();
    }

    /** 201 with the new subject's URL as the Location. */
    public static <R extends SubjectResponse> RestResponse<R> created(R subject) {
        return RestResponse.ResponseBuilder.<R>created(location(subject))
                .entity(subject)
                .header(HttpHeaders.ETAG, Inputs.etag(subject.version()))
                .build();
    }

    /** The Location of a subject: its relative URL, as every created answer carries it, recorded or not. */
    public static URI location(SubjectResponse subject) {
        return UriBuilder.fromPath("/{collection}/{id}").build(subject.collection(), subject.id());
    }

    /** 204 for tag and link sub-resources, with the changed subject's new ETag. */
    public static RestResponse<Void> noContent(CoreItem changed) {
        return RestResponse.ResponseBuilder.<Void>noContent()
                .header(HttpHeaders.ETAG, Inputs.etag(changed.version()))
                .build();
    }

    /** A page of models as a page of responses, with the same cursor. */
    public static <M, R> Page<R> page(Page<M> models, Function<? super M, R> response) {
        return new Page<>(models.items().stream().<R>map(response).toList(), models.next());
    }

    /**
     * A page of what the subject {@code id} of the path holds or links (its children, everything under it, the
     * subjects it manages), each answered with {@code response}. Its id is checked first, then the page parameters, so
     * every such list refuses a bad request the same way before {@code read} reads anything.
     */
    public static <M, R> Page<R> pageOf(
            String id,
            PageParams page,
            BiFunction<String, PageRequest, Page<M>> read,
            Function<? super M, R> response) {
        Inputs.id("id", id);
        return page(read.apply(id, page.parse()), response);
    }
}
