package io.entitytable.local.engine.protocol;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An error the engine answers as DynamoDB does: an HTTP status and a body {@code {"__type": "<prefix>#<type>",
 * "message": ...}} plus, for some types, fields of their own ({@code CancellationReasons}, {@code Item}).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html">Error
 *     handling with DynamoDB</a>
 */
public final class ApiException extends RuntimeException {
    /** The prefix of DynamoDB's (and DynamoDB Streams') own error types. */
    public static final String DYNAMODB = "com.amazonaws.dynamodb.v20120810#";

    private final int status;
    private final String type;
    private final ObjectNode extra;

    public ApiException(int status, String type, String message, ObjectNode extra) {
        super(message, null, false, false);
        this.status = status;
        this.type = type;
        this.extra = extra;
    }

    public ApiException(int status, String type, String message) {
        this(status, type, message, null);
    }

    public int status() {
        return status;
    }

    /** The type without its prefix, e.g. {@code ValidationException}. */
    public String type() {
        return type;
    }

    /** The body's fields beyond {@code __type} and {@code message}. */
    public ObjectNode extra() {
        return extra == null ? JsonNodeFactory.instance.objectNode() : extra.deepCopy();
    }

    /** The body DynamoDB answers with. */
    public ObjectNode body() {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("__type", prefixed());
        body.put("message", getMessage());
        if (extra != null) {
            body.setAll(extra.deepCopy());
        }
        return body;
    }

    private String prefixed() {
        return switch (type) {
                // The request framework's own errors carry its prefixes; the service's errors, DynamoDB's.
            case "ValidationException" -> "com.amazon.coral.validate#" + type;
            case "UnknownOperationException",
                    "SerializationException",
                    "MissingAuthenticationTokenException",
                    "AccessDeniedException" -> "com.amazon.coral.service#" + type;
            default -> DYNAMODB + type;
        };
    }

    public static ApiException validation(String message) {
        return new ApiException(400, "ValidationException", message);
    }

    public static ApiException resourceNotFound(String message) {
        return new ApiException(400, "ResourceNotFoundException", message);
    }

    public static ApiException tableNotFound() {
        return resourceNotFound("Requested resource not found");
    }

    public static ApiException resourceInUse(String message) {
        return new ApiException(400, "ResourceInUseException", message);
    }

    public static ApiException conditionalCheckFailed(ObjectNode item) {
        return new ApiException(400, "ConditionalCheckFailedException", "The conditional request failed", item);
    }

    public static ApiException transactionConflict(String message) {
        return new ApiException(400, "TransactionConflictException", message);
    }

    public static ApiException notSupported(String operation) {
        return new ApiException(
                400, "UnknownOperationException", operation + " is not supported by the local DynamoDB engine");
    }
}
