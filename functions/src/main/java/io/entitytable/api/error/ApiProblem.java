package io.entitytable.api.error;

import java.util.List;

/**
 * An error the API answers with an RFC 9457 {@code application/problem+json} body. Thrown by services; mapped to a
 * response in one place ({@link ProblemMappers}).
 */
public class ApiProblem extends RuntimeException {
    private final int status;
    private final String title;
    private final List<FieldError> errors;
    /** The seconds {@code Retry-After} asks for; 0 for an answer that a retry would not change. */
    private final int retryAfterSeconds;

    public ApiProblem(int status, String title, String detail) {
        this(status, title, detail, List.of());
    }

    public ApiProblem(int status, String title, String detail, List<FieldError> errors) {
        this(status, title, detail, errors, status == 503 || status == 429 ? ProblemMappers.RETRY_AFTER_SECONDS : 0);
    }

    private ApiProblem(int status, String title, String detail, List<FieldError> errors, int retryAfterSeconds) {
        super(detail, null, false, false);
        this.status = status;
        this.title = title;
        this.errors = List.copyOf(errors);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public List<FieldError> errors() {
        return errors;
    }

    public static ApiProblem badRequest(String detail) {
        return new ApiProblem(400, "Bad request", detail);
    }

    public static ApiProblem forbidden(String detail) {
        return new ApiProblem(403, "Forbidden", detail);
    }

    public static ApiProblem notFound(String what, String id) {
        return new ApiProblem(404, "Not found", what + " " + id + " does not exist");
    }

    /** A value of a field declared unique that another subject of the business holds. */
    public static ApiProblem taken(String field, String value, String entity) {
        return new ApiProblem(
                409,
                "Conflict",
                field + " '" + value + "' is already used by another " + entity + " of the business",
                List.of(new FieldError(field, "is already used by another " + entity + " of the business")));
    }

    public static ApiProblem conflict(String detail) {
        return new ApiProblem(409, "Conflict", detail);
    }

    /**
     * 409: the business is being erased with everything it owns ({@code DELETE /businesses/{id}?cascade=true}): it
     * takes no new child and no change, and the answer will not change on a retry.
     */
    public static ApiProblem beingErased(String businessId) {
        return conflict("business " + businessId + " is being erased; nothing more can be written to it");
    }

    public static ApiProblem preconditionFailed(long current) {
        return new ApiProblem(
                412,
                "Precondition failed",
                "If-Match does not match the current version \"" + current + "\"; read the item again and retry");
    }

    /**
     * 429: the business the request is charged to (or, when no single business is, its caller) spent its requests of
     * this second; nothing was done. Answered with {@code Retry-After}: the next second starts a new share.
     */
    public static ApiProblem tooManyRequests(String whose, int limit) {
        return new ApiProblem(
                429,
                "Too many requests",
                whose + " is at its limit of " + limit + " requests a second; retry after Retry-After seconds");
    }

    /**
     * 503: other writers kept an item this request writes busy for longer than the retries wait; nothing was written.
     * Answered with {@code Retry-After}, like DynamoDB throttling.
     */
    public static ApiProblem busy() {
        return unavailable("other requests kept the items to write busy; retry after a short wait");
    }

    /**
     * 503: the business is being moved to another table and its writes were held for longer than a request waits;
     * nothing was written. Answered with {@code Retry-After: 1}: a cut-over holds a business for well under a second.
     */
    public static ApiProblem businessMoving(String businessId) {
        return unavailable("business " + businessId + " is being moved to another table; retry after a second");
    }

    /**
     * 409: the business is served by the table the home table is moving to, and its erase's workers run on the home
     * table, whose deletes the move does not carry for it; the erase waits until the move has finished.
     */
    public static ApiProblem erasedAfterMove(String businessId) {
        return conflict("business " + businessId + " is served by the table it is being moved to; it can be erased once"
                + " the move has finished");
    }

    private static ApiProblem unavailable(String detail) {
        return new ApiProblem(503, "Service unavailable", detail);
    }

    /**
     * 409: another request with the same {@code Idempotency-Key} is still being written; nothing was done. Answered
     * with {@code Retry-After}: once that request is done, a retry gets its answer.
     */
    public static ApiProblem keyInFlight(String header) {
        return new ApiProblem(
                409,
                "Conflict",
                "a request with the same " + header + " is still in flight; retry after Retry-After seconds",
                List.of(),
                ProblemMappers.RETRY_AFTER_SECONDS);
    }

    /**
     * 503: the access pattern the request asks for reads index attributes that its backfill has not yet proven on every
     * item of the table; a list now could miss subjects, so none is given. Answered with {@code Retry-After} a while
     * off, since a backfill takes minutes to hours.
     */
    public static ApiProblem patternNotReady(int pattern, String progress, int retryAfterSeconds) {
        return new ApiProblem(
                503,
                "Service unavailable",
                "access pattern " + pattern + " is not ready: its index backfill is " + progress
                        + "; retry after Retry-After seconds",
                List.of(),
                retryAfterSeconds);
    }

    /**
     * The seconds the answer's {@code Retry-After} asks for, or 0 for none: the same request may well succeed a moment
     * later (a busy table, a spent share of the second, another request with the same key in flight, a pattern being
     * backfilled).
     */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /**
     * 400: a query parameter that is not valid. The query string is part of the request's target, not its content, so
     * it is a bad request; 422 is for content (a body field) and for path segments that cannot be an id.
     */
    public static ApiProblem badParameter(String parameter, String message) {
        return new ApiProblem(
                400, "Bad request", parameter + ": " + message, List.of(new FieldError(parameter, message)));
    }

    public static ApiProblem invalid(String field, String message) {
        return new ApiProblem(
                422, "Validation failed", field + ": " + message, List.of(new FieldError(field, message)));
    }

    /** One invalid field of a request. */
    public record FieldError(String field, String message) {}
}
