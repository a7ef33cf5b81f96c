package io.entitytable.api.error;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.entitytable.api.table.BusinessErasing;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.model.DeclaredValues;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Turns every failure into an {@code application/problem+json} response. Input errors are 4xx with a detail that says
 * what to fix; only a fault of the service itself is a 5xx, and it is logged.
 */
public class ProblemMappers {
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    /**
     * A 503 is a busy table (throttling, contention): a second is long enough for either to ease. A 429 is a spent
     * share of this second (RequestLimitFilter): the next second brings a new one.
     */
    static final int RETRY_AFTER_SECONDS = 1;

    @ServerExceptionMapper
    public Response apiProblem(ApiProblem problem) {
        Response response = Problem.response(problem.status(), problem.title(), problem.getMessage(), problem.errors());
        return problem.retryAfterSeconds() > 0 ? retryAfter(response, problem.retryAfterSeconds()) : response;
    }

    /** A transaction conflict that no retry cycle caught (every write that can meet one runs in {@code ConflictRetry}). */
    @ServerExceptionMapper
    public Response transactionConflict(TransactionConflict conflict) {
        return apiProblem(ApiProblem.busy());
    }

    /**
     * A create refused because its business is being erased, where no route turned it into its own answer (the
     * services' creates go through {@code OptimisticWrites}, which does).
     */
    @ServerExceptionMapper
    public Response businessErasing(BusinessErasing erasing) {
        return apiProblem(ApiProblem.beingErased(erasing.businessId()));
    }

    @ServerExceptionMapper
    public Response violations(ConstraintViolationException exception) {
        return validationFailed(exception.getConstraintViolations().stream()
                .map(violation -> new ApiProblem.FieldError(field(violation), violation.getMessage())));
    }

    /** Values of an entity declared by its fields that its declaration refuses: the same answer as a typed body's. */
    @ServerExceptionMapper
    public Response refusedValues(DeclaredValues.Invalid exception) {
        return validationFailed(exception.problems().stream()
                .map(problem -> new ApiProblem.FieldError(problem.field(), problem.message())));
    }

    private static Response validationFailed(Stream<ApiProblem.FieldError> refused) {
        List<ApiProblem.FieldError> errors = refused.sorted(Comparator.comparing(ApiProblem.FieldError::field))
                .toList();
        String detail = errors.stream()
                .map(error -> error.field() + ": " + error.message())
                .collect(Collectors.joining("; "));
        return Problem.response(422, "Validation failed", detail, errors);
    }

    @ServerExceptionMapper
    public Response unknownField(UnrecognizedPropertyException exception) {
        return badJson("unknown field '" + exception.getPropertyName() + "'" + at(exception));
    }

    @ServerExceptionMapper
    public Response wrongType(InvalidFormatException exception) {
        return badJson("wrong type for " + path(exception) + ": expected " + simpleName(exception.getTargetType()));
    }

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException exception) {
        String where = path(exception);
        return badJson(
                where.isEmpty()
                        ? "the body does not have the expected shape"
                        : "wrong type for " + where + ": expected " + simpleName(exception.getTargetType()));
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonParseException exception) {
        return badJson("malformed JSON: " + exception.getOriginalMessage());
    }

    @ServerExceptionMapper
    public Response otherJson(JsonProcessingException exception) {
        return badJson("the body is not valid for this request: " + exception.getOriginalMessage());
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException exception) {
        int status = exception.getResponse().getStatus();
        if (exception.getCause() instanceof JsonProcessingException json) {
            return otherJson(json);
        }
        if (Response.Status.Family.familyOf(status) == Response.Status.Family.SERVER_ERROR) {
            LOG.error("request failed", exception);
        }
        String title = exception.getResponse().getStatusInfo().getReasonPhrase();
        return Problem.response(status, title, exception.getMessage(), List.of());
    }

    @ServerExceptionMapper
    public Response dynamo(DynamoDbException exception) {
        AwsErrorDetails details = exception.awsErrorDetails();
        if (details != null
                && "ValidationException".equals(details.errorCode())
                && details.errorMessage() != null
                && details.errorMessage().toLowerCase().contains("size")) {
            return Problem.response(
                    422, "Validation failed", "the item would exceed DynamoDB's 400 KB item size limit", List.of());
        }
        if (exception.isThrottlingException()) {
            return apiProblem(
                    new ApiProblem(503, "Service unavailable", "the table is busy; retry after a short wait"));
        }
        LOG.error("DynamoDB request failed", exception);
        return Problem.response(500, "Internal server error", "the request could not be completed", List.of());
    }

    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER + 1000)
    public Response unexpected(Throwable throwable) {
        LOG.error("request failed", throwable);
        return Problem.response(500, "Internal server error", "the request could not be completed", List.of());
    }

    private static Response retryAfter(Response response, int seconds) {
        return Response.fromResponse(response)
                .header("Retry-After", Integer.toString(seconds))
                .build();
    }

    private static Response badJson(String detail) {
        return Problem.response(400, "Bad request", detail, List.of());
    }

    private static String field(ConstraintViolation<?> violation) {
        // Drop the method and parameter names ("create.request.name" -> "name"): clients know the body, not Java.
        List<String> parts = new ArrayList<>();
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.METHOD || node.getKind() == ElementKind.PARAMETER) {
                continue;
            }
            String name = node.getName();
            Object subscript = node.getKey() != null ? node.getKey() : node.getIndex();
            if (subscript != null) {
                name = (name == null ? "" : name) + "[" + subscript + "]";
            }
            if (name != null && !name.isEmpty()) {
                parts.add(name);
            }
        }
        return parts.isEmpty() ? "body" : String.join(".", parts);
    }

    private static String path(JsonMappingException exception) {
        return exception.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    private static String at(JsonMappingException exception) {
        String path = path(exception);
        int last = path.lastIndexOf('.');
        return last < 0 ? "" : " in " + path.substring(0, last);
    }

    private static String simpleName(Class<?> type) {
        return type == null ? "another type" : type.getSimpleName();
    }
}
