package io.entitytable.api.subject;

import io.entitytable.model.CoreItem;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriBuilder;
import org.jboss.resteasy.reactive.RestResponse;

/** Responses that carry a subject: always with its version as the ETag. */
public final class Responses {
    private Responses() {}

    public static <T extends CoreItem> RestResponse<T> ok(T item) {
        return RestResponse.ResponseBuilder.ok(item)
                .header(HttpHeaders.ETAG, Inputs.etag(item.version()))
                .build();
    }

    public static <T extends CoreItem> RestResponse<T> created(T item) {
        return RestResponse.ResponseBuilder.<T>created(UriBuilder.fromPath("/{collection}/{id}")
                        .build(item.entity().collection(), item.id()))
                .entity(item)
                .header(HttpHeaders.ETAG, Inputs.etag(item.version()))
                .build();
    }

    /** 204 for tag and link sub-resources, with the subject's new ETag. */
    public static RestResponse<Void> noContent(CoreItem item) {
        return RestResponse.ResponseBuilder.<Void>noContent()
                .header(HttpHeaders.ETAG, Inputs.etag(item.version()))
                .build();
    }
}
