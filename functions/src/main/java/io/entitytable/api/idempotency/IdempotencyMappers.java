package io.entitytable.api.idempotency;

import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Writes a replayed answer: the first answer's status, Location, ETag and body text, marked as a replay. */
public class IdempotencyMappers {

    @ServerExceptionMapper
    public RestResponse<String> replayed(ReplayedAnswer replayed) {
        return FirstAnswer.of(replayed.record())
                .toResponse()
                .header(IdempotencyKeys.REPLAYED_HEADER, "true")
                .build();
    }
}
