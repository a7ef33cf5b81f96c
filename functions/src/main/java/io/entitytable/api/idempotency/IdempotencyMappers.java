package io.entitytable.api.idempotency;

import io.entitytable.model.IdempotencyRecord;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Writes a replayed answer: the first answer's status, Location, ETag and body text, marked as a replay. */
public class IdempotencyMappers {

    @ServerExceptionMapper
    public Response replayed(ReplayedAnswer replayed) {
        IdempotencyRecord record = replayed.record();
        Response.ResponseBuilder response =
                Response.status(record.status()).header(IdempotencyKeys.REPLAYED_HEADER, "true");
        if (record.location() != null) {
            response.location(URI.create(record.location()));
        }
        if (record.etag() != null) {
            response.header(HttpHeaders.ETAG, record.etag());
        }
        if (!record.body().isEmpty()) {
            // As the API's JSON answers are sent: with their charset.
            response.entity(record.body()).type(MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8"));
        }
        return response.build();
    }
}
