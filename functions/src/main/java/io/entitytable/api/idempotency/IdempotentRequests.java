package io.entitytable.api.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.KeyAlreadyUsed;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.web.Responses;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.IdempotencyRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Runs a route that takes an {@code Idempotency-Key} (docs/design.md §4, "Idempotent requests"). Without a key the
 * route runs as it always does. With one:
 *
 * <ul>
 *   <li>the route runs, and its write puts the key's record in its own transaction, on condition that no live record
 *       is there. The first request with a key so costs what a request without one costs, plus one item in a
 *       transaction it makes anyway: no read comes first;
 *   <li>a repeat makes that condition fail, and the write is refused whole: the record it met answers, the first
 *       answer replayed when the request is the same one (same fingerprint), a 422 when it is another;
 *   <li>a repeat the route refuses before it writes (the subject it acts on is gone since, say) is answered the same
 *       way when a record is there: the first answer does not depend on what happened after it;
 *   <li>a write that kept meeting other transactions (the first of two requests with one key still in flight) is a
 *       409 with {@code Retry-After}, unless the other one's record is there by then.
 * </ul>
 */
@ApplicationScoped
public class IdempotentRequests {
    @Inject
    EntityTable table;

    @Inject
    OptimisticWrites optimistic;

    @Inject
    ObjectMapper json;

    /**
     * A create route ({@code POST}): the subject {@code create} makes, as a 201 with its Location and ETag, recorded
     * under the request's key when it has one.
     *
     * @param keyHeader the {@code Idempotency-Key} header as received, or null
     * @param uri the request's URI, which with the method and {@code body} makes its fingerprint
     */
    public <M, R extends SubjectResponse> RestResponse<R> created(
            String keyHeader,
            UriInfo uri,
            Object body,
            Function<M, R> response,
            Function<AnswerRecorder<M>, M> create) {
        Optional<String> key = IdempotencyKeys.parse(keyHeader);
        if (key.isEmpty()) {
            return Responses.created(response.apply(create.apply(AnswerRecorder.none())));
        }
        AtomicReference<FirstAnswer> recorded = new AtomicReference<>();
        return run(
                key,
                fingerprint(key, HttpMethod.POST, uri, body),
                (M made) -> {
                    recorded.set(FirstAnswer.created(json, response.apply(made)));
                    return recorded.get();
                },
                recorder -> {
                    create.apply(recorder);
                    return sent(recorded.get());
                });
    }

    /**
     * The first answer sent as its record keeps it: the body is the recorded text, not the response object, so it is
     * written once and a replay sends the same bytes. The route's declared type documents that body for the contract;
     * erased at run time, it does not choose the writer, the entity's class does.
     */
    @SuppressWarnings("unchecked")
    private static <R> RestResponse<R> sent(FirstAnswer answer) {
        return (RestResponse<R>) (RestResponse<?>) answer.toResponse().build();
    }

    /** The fingerprint of a request with a key ({@link RequestFingerprint}); null without one, when nothing reads it. */
    public String fingerprint(Optional<String> key, String method, UriInfo uri, Object body) {
        if (key.isEmpty()) {
            return null;
        }
        URI target = uri.getRequestUri();
        String query = target.getRawQuery();
        return RequestFingerprint.of(json, method, target.getRawPath() + (query == null ? "" : "?" + query), body);
    }

    /**
     * A DELETE that answers 204, or 202 with {@code Location: jobLocation} and the job it started as the body, the same
     * answer recorded under the request's {@code Idempotency-Key} when it has one (a store's delete with its links, a
     * business's erase).
     *
     * @param delete the service's delete, given the recorder its write passes its outcome to: the job it started, if any
     * @param response the body of a started job
     */
    public <J, R> RestResponse<R> deleteStartingJob(
            String idempotencyKey,
            UriInfo uri,
            URI jobLocation,
            Function<AnswerRecorder<Optional<J>>, Optional<J>> delete,
            Function<J, R> response) {
        Optional<String> key = IdempotencyKeys.parse(idempotencyKey);
        return run(
                key,
                fingerprint(key, HttpMethod.DELETE, uri, null),
                (Optional<J> job) -> FirstAnswer.of(
                        json,
                        job.isPresent() ? 202 : 204,
                        job.isPresent() ? jobLocation : null,
                        job.map(response).orElse(null)),
                recorder -> delete.apply(recorder)
                        .map(job -> RestResponse.ResponseBuilder.<R>accepted()
                                .location(jobLocation)
                                .entity(response.apply(job))
                                .build())
                        .orElseGet(RestResponse::noContent));
    }

    /**
     * @param key the request's key, if it has one ({@link IdempotencyKeys#parse})
     * @param fingerprint the request's fingerprint ({@link #fingerprint})
     * @param answerOf the answer the route makes for what its write makes
     * @param route the route, given the recorder its write must pass its outcome to
     */
    public <T, R> R run(
            Optional<String> key,
            String fingerprint,
            Function<T, FirstAnswer> answerOf,
            Function<AnswerRecorder<T>, R> route) {
        if (key.isEmpty()) {
            return route.apply(AnswerRecorder.none());
        }
        String caller = optimistic.access().caller().subject();
        Instant now = optimistic.now();
        AnswerRecorder<T> recorder = outcome -> {
            FirstAnswer answer = answerOf.apply(outcome);
            return Optional.of(new IdempotencyRecord(
                    caller,
                    key.get(),
                    fingerprint,
                    answer.status(),
                    answer.location(),
                    answer.etag(),
                    answer.body(),
                    now,
                    now.plus(IdempotencyRecord.KEPT)));
        };
        try {
            return route.apply(recorder);
        } catch (KeyAlreadyUsed | TransactionConflict | ApiProblem refused) {
            // Lost to another request with this key or to other writers, or refused (the subject is gone since, say):
            // a record answers. Else a lost race, or a refusal as busy, may be the first request still in flight.
            answerIfRecorded(caller, key.get(), fingerprint);
            if (refused instanceof ApiProblem problem
                    && problem.status() != ApiProblem.busy().status()) {
                throw problem;
            }
            throw ApiProblem.keyInFlight(IdempotencyKeys.HEADER);
        }
    }

    /** Replays (or refuses, as another request's key) when a live record of the caller's key is there. */
    private void answerIfRecorded(String caller, String key, String fingerprint) {
        Instant now = optimistic.now();
        table.find(IdempotencyRecord.keyOf(caller, key))
                .map(IdempotencyRecord::from)
                .filter(record -> record.isLiveAt(now))
                .ifPresent(record -> answerWith(record, fingerprint));
    }

    private static void answerWith(IdempotencyRecord record, String fingerprint) {
        if (!record.isFor(fingerprint)) {
            throw ApiProblem.invalid(
                    IdempotencyKeys.HEADER,
                    "was used for another request in the last " + IdempotencyRecord.KEPT.toHours()
                            + " hours; use a new key for a new request");
        }
        throw new ReplayedAnswer(record);
    }
}
