package io.entitytable.api.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** The RFC 9457 problem document. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(String type, String title, int status, String detail, List<ApiProblem.FieldError> errors) {
    public static final String MEDIA_TYPE = "application/problem+json";
    public static final MediaType PROBLEM_JSON = MediaType.valueOf(MEDIA_TYPE);

    public static Response response(int status, String title, String detail, List<ApiProblem.FieldError> errors) {
        return Response.status(status)
                .type(PROBLEM_JSON)
                .entity(new Problem("about:blank", title, status, detail, errors))
                .build();
    }
}
