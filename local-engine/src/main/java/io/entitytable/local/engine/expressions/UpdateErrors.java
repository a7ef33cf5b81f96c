package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.values.Value;

/**
 * The errors DynamoDB raises while applying an update expression to an item (not while parsing it, so they do not
 * name the expression).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html">
 *     Update expressions</a>
 */
final class UpdateErrors {
    private UpdateErrors() {}

    static ApiException incorrectType() {
        return ApiException.validation("An operand in the update expression has an incorrect data type");
    }

    static ApiException invalidPath() {
        return ApiException.validation("The document path provided in the update expression is invalid for update");
    }

    static ApiException missingAttribute() {
        return ApiException.validation(
                "The provided expression refers to an attribute that does not exist in the item");
    }

    /** {@code value}, or the error for an operand that refers to an attribute the item lacks. */
    static Value required(Value value) {
        if (value == null) {
            throw missingAttribute();
        }
        return value;
    }
}
